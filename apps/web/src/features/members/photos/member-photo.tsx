import { SpinLoading } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { memberFetch } from './member-headers';
import './photo-field.css';

/** GET common/file/{fileId}: an uploaded photo, served only to its member (others: 404). */
export function memberFilePath(fileId: string): string {
  return `/fqt/common/file/${encodeURIComponent(fileId)}`;
}

/**
 * Reads one of the member's photos as bytes (the member headers ride along, so a plain `<img src>`
 * cannot fetch it) and resolves with its blob, or null when it cannot be read.
 */
export async function fetchMemberPhoto(fileId: string, signal?: AbortSignal): Promise<Blob | null> {
  const res = await memberFetch(memberFilePath(fileId), (headers) => ({ method: 'GET', headers, signal }));
  if (!res.ok || (res.headers.get('Content-Type') ?? '').includes('json')) return null;
  return res.blob();
}

type PhotoState = { kind: 'loading' } | { kind: 'shown'; url: string } | { kind: 'missing' };

/**
 * One of the member's document photos (identities, beneficiaries, the registration's document):
 * fetched with the member's headers and shown from an object URL, revoked when it goes.
 */
export function MemberPhoto({ fileId, alt, testId }: { fileId: string; alt: string; testId?: string }) {
  const { t } = useTranslation();
  const [state, setState] = useState<PhotoState>({ kind: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    let url: string | null = null;
    setState({ kind: 'loading' });
    fetchMemberPhoto(fileId, controller.signal)
      .then((blob) => {
        if (controller.signal.aborted) return;
        if (!blob) {
          setState({ kind: 'missing' });
          return;
        }
        url = URL.createObjectURL(blob);
        setState({ kind: 'shown', url });
      })
      .catch(() => {
        if (!controller.signal.aborted) setState({ kind: 'missing' });
      });
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [fileId]);

  const id = testId ?? `member-photo-${fileId}`;
  if (state.kind === 'shown') {
    return <img className="member-photo" src={state.url} alt={alt} data-testid={id} />;
  }
  return (
    <span className="member-photo member-photo-placeholder" role="img" aria-label={alt} data-testid={id}>
      {state.kind === 'loading' ? (
        <SpinLoading color="primary" style={{ '--size': '20px' }} />
      ) : (
        <span className="muted small">{t('memberRecords.photo_unavailable')}</span>
      )}
    </span>
  );
}
