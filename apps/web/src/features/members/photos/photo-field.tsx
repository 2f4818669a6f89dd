import { isApiError } from '@wings/api-client';
import { SpinLoading } from 'antd-mobile';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MemberPhoto } from './member-photo';
import { uploadMemberPhoto } from './upload-photo';
import './photo-field.css';

/** What the phone offers when the box is tapped: the camera or the gallery, pictures only. */
export const PHOTO_ACCEPT = 'image/jpeg,image/png,image/webp';

export interface PhotoFieldProps {
  label: string;
  /** The uploaded photo's id, or null. */
  value: string | null;
  onChange: (fileId: string | null) => void;
  /** The form's message for this photo (e.g. a photo the document needs is missing). */
  error?: string;
  testId?: string;
}

/**
 * A document photo in a form (registration, identities, beneficiaries): a box to tap (the camera
 * or the gallery), the upload's progress, the picture once it is up, replace and remove, and what
 * went wrong next to it (the upload's own refusal first, else the form's message).
 */
export function PhotoField({ label, value, onChange, error, testId = 'photo' }: PhotoFieldProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const labelId = useId();
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  // The photo just chosen, shown from the device until the page is left (no second download).
  const [local, setLocal] = useState<{ fileId: string; url: string } | null>(null);
  // The newest choice wins when the traveller picks again while one is still going up.
  const attempt = useRef(0);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  useEffect(
    () => () => {
      if (local) URL.revokeObjectURL(local.url);
    },
    [local],
  );

  async function choose(file: File) {
    const mine = ++attempt.current;
    setUploadError(null);
    setUploading(true);
    try {
      const uploaded = await uploadMemberPhoto(file);
      if (!mounted.current || mine !== attempt.current) return;
      setLocal({ fileId: uploaded.fileId, url: URL.createObjectURL(file) });
      onChange(uploaded.fileId);
    } catch (failure) {
      if (!mounted.current || mine !== attempt.current) return;
      setUploadError(isApiError(failure) ? failure.message : t('memberRecords.photo_upload_failed'));
    } finally {
      if (mounted.current && mine === attempt.current) setUploading(false);
    }
  }

  const message = uploadError ?? error ?? null;
  const open = () => input.current?.click();

  let face: React.ReactNode;
  if (uploading) {
    face = (
      <span className="photo-box-state" data-testid={`${testId}-progress`} role="status">
        <SpinLoading color="primary" style={{ '--size': '24px' }} />
        <span className="small">{t('memberRecords.photo_uploading')}</span>
      </span>
    );
  } else if (value && local?.fileId === value) {
    face = <img className="member-photo" src={local.url} alt={label} data-testid={`${testId}-preview`} />;
  } else if (value) {
    face = <MemberPhoto fileId={value} alt={label} testId={`${testId}-preview`} />;
  } else {
    face = (
      <span className="photo-box-state">
        <span className="photo-box-plus" aria-hidden="true">
          +
        </span>
        <span className="small">{t('memberRecords.photo_add')}</span>
      </span>
    );
  }

  return (
    <div className={`form-field photo-field${message ? ' form-field-invalid' : ''}`} data-testid={testId}>
      <span className="form-label" id={labelId}>
        {label}
      </span>
      <button
        type="button"
        className="photo-box"
        aria-labelledby={labelId}
        aria-invalid={message ? true : undefined}
        aria-busy={uploading || undefined}
        data-testid={`${testId}-box`}
        disabled={uploading}
        onClick={open}
      >
        {face}
      </button>
      <input
        ref={input}
        type="file"
        accept={PHOTO_ACCEPT}
        capture="environment"
        className="photo-input"
        data-testid={`${testId}-input`}
        tabIndex={-1}
        aria-hidden="true"
        onChange={(e) => {
          const file = e.target.files?.[0];
          // The same file may be chosen again after a refusal: forget this choice.
          e.target.value = '';
          if (file) void choose(file);
        }}
      />
      {value && !uploading ? (
        <div className="photo-actions">
          <button type="button" className="link-button" data-testid={`${testId}-replace`} onClick={open}>
            {t('memberRecords.photo_replace')}
          </button>
          <button
            type="button"
            className="link-button danger"
            data-testid={`${testId}-remove`}
            onClick={() => {
              setUploadError(null);
              onChange(null);
            }}
          >
            {t('memberRecords.photo_remove')}
          </button>
        </div>
      ) : null}
      {message ? (
        <p className="field-error" role="alert" data-testid={`${testId}-error`}>
          {message}
        </p>
      ) : null}
    </div>
  );
}
