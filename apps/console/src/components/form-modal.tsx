import { type FormInstance, Modal, type ModalProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type FormModalProps = Omit<
  ModalProps,
  'open' | 'onOk' | 'onCancel' | 'confirmLoading' | 'destroyOnHidden'
> & {
  /** The dialog's form: OK submits it, and its onFinish makes the change. */
  form: Pick<FormInstance, 'submit'>;
  /** Cancel, the close button and Escape. */
  onClose: () => void;
  /** The change is on its way: OK spins and cannot be pressed again. */
  saving: boolean;
  children: ReactNode;
};

/**
 * A dialog around one form, as every console change is made: OK ("Save" unless `okText` says
 * otherwise) submits the form, Cancel closes, and the form is dropped when the dialog closes.
 * Other Modal props (title, width, okButtonProps …) pass through.
 */
export function FormModal({ form, onClose, saving, okText, children, ...modal }: FormModalProps) {
  const { t } = useTranslation('shell');
  return (
    <Modal
      {...modal}
      open
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={okText ?? t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      destroyOnHidden
    >
      {children}
    </Modal>
  );
}
