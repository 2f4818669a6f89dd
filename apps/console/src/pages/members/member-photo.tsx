import { FileImageOutlined, WarningOutlined } from '@ant-design/icons';
import { API_BASE } from '@wings/api-client';
import { Image, Space, Typography } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CONSOLE_HEADER } from '../../api/admin-client';

/** Where staff read a member's document photo (the image bytes, not an envelope). */
export const memberFilePath = (fileId: string) => `${API_BASE}/admin/members/files/${fileId}`;

type PhotoState = { kind: 'loading' } | { kind: 'ready'; url: string } | { kind: 'failed' };

/**
 * A document photo as staff may see it: fetched with the console's session cookie and its
 * `x-wings-console` marker (an <img src> could not send the header), kept as an object URL while
 * shown and revoked when it goes. A failed read leaves `failed`.
 */
export function useMemberPhoto(fileId: string): PhotoState {
  const [state, setState] = useState<PhotoState>({ kind: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    let url: string | null = null;
    setState({ kind: 'loading' });
    fetch(memberFilePath(fileId), {
      credentials: 'same-origin',
      headers: { ...CONSOLE_HEADER },
      signal: controller.signal,
    })
      .then(async (res) => {
        if (!res.ok) throw new Error(`photo ${res.status}`);
        const blob = await res.blob();
        if (blob.size === 0) throw new Error('empty photo');
        if (controller.signal.aborted) return;
        url = URL.createObjectURL(blob);
        setState({ kind: 'ready', url });
      })
      .catch(() => {
        if (!controller.signal.aborted) setState({ kind: 'failed' });
      });
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [fileId]);
  return state;
}

const FRAME = {
  width: 360,
  minHeight: 220,
  border: '1px dashed #bfbfbf',
  borderRadius: 8,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  padding: 12,
  textAlign: 'center' as const,
};

function Placeholder({ icon, text, testId }: { icon: ReactNode; text: string; testId: string }) {
  return (
    <div style={FRAME} data-testid={testId}>
      <Space orientation="vertical" align="center">
        {icon}
        <Typography.Text type="secondary">{text}</Typography.Text>
      </Space>
    </div>
  );
}

function LoadedPhoto({ fileId, label }: { fileId: string; label: string }) {
  const { t } = useTranslation('members');
  const photo = useMemberPhoto(fileId);
  if (photo.kind === 'loading') {
    return <Placeholder icon={<FileImageOutlined />} text={t('photo.loading')} testId="photo-loading" />;
  }
  if (photo.kind === 'failed') {
    return (
      <Placeholder
        icon={<WarningOutlined style={{ color: '#a8071a', fontSize: 24 }} />}
        text={t('photo.failed')}
        testId={`photo-failed-${fileId}`}
      />
    );
  }
  // Large, and opens zoomable on a click (antd Image's preview).
  return (
    <div data-testid={`photo-${fileId}`}>
      <Image src={photo.url} alt={label} width={360} style={{ objectFit: 'contain', maxHeight: 480 }} />
    </div>
  );
}

/** One photo with its caption (front, back): the image, or a clear placeholder when none or unreadable. */
export function MemberPhoto({ fileId, label }: { fileId: string | null; label: string }) {
  const { t } = useTranslation('members');
  return (
    <figure style={{ margin: 0 }}>
      {fileId ? (
        <LoadedPhoto fileId={fileId} label={label} />
      ) : (
        <Placeholder icon={<FileImageOutlined />} text={t('photo.none')} testId="photo-none" />
      )}
      <figcaption style={{ marginTop: 4 }}>
        <Typography.Text type="secondary">{label}</Typography.Text>
      </figcaption>
    </figure>
  );
}

/**
 * A document's photos side by side: an ID card's front and back, a passport's photo page (its
 * back shown only when one was sent).
 */
export function DocumentPhotos({
  documentType,
  frontPhotoId,
  backPhotoId,
  name,
}: {
  documentType: 0 | 1;
  frontPhotoId: string | null;
  backPhotoId: string | null;
  /** Whose document, for the pictures' text. */
  name: string;
}) {
  const { t } = useTranslation('members');
  const doc = t(`docType.${documentType}`);
  return (
    <Space wrap size="large" align="start">
      <MemberPhoto fileId={frontPhotoId} label={`${doc} · ${t('photo.front')} · ${name}`} />
      {documentType === 0 || backPhotoId ? (
        <MemberPhoto fileId={backPhotoId} label={`${doc} · ${t('photo.back')} · ${name}`} />
      ) : null}
    </Space>
  );
}
