import { useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@wings/api-client';
import type { StaffLoginResponse, StaffMe } from '@wings/contracts';
import { Alert, Button, Card, Form, Input, Space, Typography } from 'antd';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { adminRequest } from '../../api/admin-client';
import { currentLanguage, LOCALE_OF, setLanguage } from '../i18n';
import { ME_KEY } from '../session';

// The catalogue's codes the sign-in form words itself (packages/contracts errors.ts).
const WRONG_PASSWORD = '601';
const LOCKED = '203';
const WRONG_CODE = '4020';
const CHALLENGE_EXPIRED = '4021';

/** What a failed sign-in step says: the form's own words for the codes it knows, else the server's. */
export function signInFailure(error: unknown, t: (key: string, params?: Record<string, string>) => string) {
  if (!(error instanceof ApiError)) return t('errors.failed');
  switch (error.code) {
    case WRONG_PASSWORD:
      return t('signIn.wrongPassword');
    case WRONG_CODE:
      return t('signIn.wrongCode');
    case CHALLENGE_EXPIRED:
      return t('signIn.expired');
    case LOCKED: {
      const until = (error.data as { lockedUntil?: unknown } | null)?.lockedUntil;
      if (typeof until !== 'string') return t('signIn.lockedNoTime');
      const when = new Intl.DateTimeFormat(LOCALE_OF[currentLanguage()], {
        dateStyle: 'medium',
        timeStyle: 'short',
      }).format(new Date(until));
      return t('signIn.locked', { until: when });
    }
    default:
      return error.message;
  }
}

/** The QR code of an `otpauth://` address, as an image the authenticator app scans. */
function EnrolQr({ url, alt }: { url: string; alt: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    QRCode.toDataURL(url, { margin: 1, width: 200 }).then(
      (data) => live && setSrc(data),
      () => live && setSrc(null),
    );
    return () => {
      live = false;
    };
  }, [url]);
  return src ? <img src={src} alt={alt} width={200} height={200} data-testid="enrol-qr" /> : null;
}

/**
 * Staff sign-in (issue 13): e-mail and password, then the 6-digit code of the member's
 * authenticator; a member without one (new, or reset by an admin) enrols it first from the QR code
 * or the key. Afterwards the member is taken back to the page they were sent from.
 */
export function SignInPage() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const client = useQueryClient();
  const [step, setStep] = useState<StaffLoginResponse | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const from = params.get('from');
  const target = from?.startsWith('/') && !from.startsWith('//') && !from.startsWith('/sign-in') ? from : '/';

  const login = async (values: { email: string; password: string }) => {
    setBusy(true);
    setError(null);
    try {
      setStep(await adminRequest<StaffLoginResponse>('/auth/login', { body: values }));
    } catch (failure) {
      setError(signInFailure(failure, t));
    } finally {
      setBusy(false);
    }
  };

  const verify = async (values: { code: string }) => {
    if (!step) return;
    setBusy(true);
    setError(null);
    try {
      const { staff } = await adminRequest<{ staff: StaffMe; expiresAt: string }>('/auth/verify', {
        body: { challenge: step.challenge, code: values.code.trim() },
      });
      client.setQueryData(ME_KEY, staff);
      await setLanguage(staff.language);
      navigate(target, { replace: true });
    } catch (failure) {
      setError(signInFailure(failure, t));
      // The password step is over: start again from it.
      if (failure instanceof ApiError && failure.code === CHALLENGE_EXPIRED) setStep(null);
    } finally {
      setBusy(false);
    }
  };

  return (
    <main style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', background: '#f0f2f5' }}>
      <Card style={{ width: 420 }}>
        <Typography.Title level={1} style={{ fontSize: 22, marginTop: 0 }}>
          {t('brand')} · {t('signIn.title')}
        </Typography.Title>
        {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} role="alert" />}
        {!step ? (
          <Form layout="vertical" onFinish={login} requiredMark={false} key="password">
            <Form.Item
              name="email"
              label={t('signIn.email')}
              rules={[{ required: true, message: t('signIn.required', { field: t('signIn.email') }) }]}
            >
              <Input type="email" autoComplete="username" autoFocus />
            </Form.Item>
            <Form.Item
              name="password"
              label={t('signIn.password')}
              rules={[{ required: true, message: t('signIn.required', { field: t('signIn.password') }) }]}
            >
              <Input.Password autoComplete="current-password" />
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={busy}>
              {t('signIn.next')}
            </Button>
          </Form>
        ) : (
          <Form layout="vertical" onFinish={verify} requiredMark={false} key="code">
            {step.stage === 'enrol' && (
              <Space orientation="vertical" style={{ width: '100%', marginBottom: 16 }}>
                <Typography.Title level={2} style={{ fontSize: 18 }}>
                  {t('signIn.enrolTitle')}
                </Typography.Title>
                <Typography.Paragraph>{t('signIn.enrolHelp')}</Typography.Paragraph>
                <EnrolQr url={step.otpauthUrl} alt={t('signIn.qrAlt')} />
                <Typography.Text>
                  {t('signIn.secret')}:{' '}
                  <Typography.Text code copyable data-testid="enrol-secret">
                    {step.secret}
                  </Typography.Text>
                </Typography.Text>
              </Space>
            )}
            <Form.Item
              name="code"
              label={t('signIn.code')}
              extra={t('signIn.codeHelp')}
              rules={[
                { required: true, message: t('signIn.required', { field: t('signIn.code') }) },
                { pattern: /^\s*\d{6}\s*$/, message: t('signIn.codeFormat') },
              ]}
            >
              <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} autoFocus />
            </Form.Item>
            <Space>
              <Button onClick={() => setStep(null)}>{t('signIn.back')}</Button>
              <Button type="primary" htmlType="submit" loading={busy}>
                {t('signIn.verify')}
              </Button>
            </Space>
          </Form>
        )}
      </Card>
    </main>
  );
}
