import { LogoutOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { LANGUAGE_TAGS, type LanguageTag, type StaffMe } from '@wings/contracts';
import { App, Button, Layout, Menu, Popconfirm, Select, Space, Tag, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { adminRequest } from '../api/admin-client';
import { setLanguage } from './i18n';
import { consoleRoutes, menuFor } from './page-registry';
import { ME_KEY, useSignedInMember } from './session';

/** The menu entry a location belongs to: the longest registered path it starts with. */
function selectedKey(pathname: string, keys: string[]): string[] {
  const match = keys
    .filter((key) => pathname === `/${key}` || pathname.startsWith(`/${key}/`))
    .sort((a, b) => b.length - a.length)[0];
  return match ? [match] : [];
}

/** The signed-in member's language switch: kept on their account, applied at once. */
function LanguageSwitch({ me }: { me: StaffMe }) {
  const { t, i18n } = useTranslation('shell');
  const client = useQueryClient();
  const { message } = App.useApp();
  const change = async (language: LanguageTag) => {
    try {
      await adminRequest('/auth/language', { body: { language } });
      client.setQueryData<StaffMe>(ME_KEY, { ...me, language });
      await setLanguage(language);
    } catch (error) {
      void message.error((error as Error).message);
    }
  };
  return (
    <Select<LanguageTag>
      aria-label={t('header.language')}
      value={
        (LANGUAGE_TAGS as readonly string[]).includes(i18n.language) ? (i18n.language as LanguageTag) : 'zh'
      }
      onChange={(language) => void change(language)}
      options={LANGUAGE_TAGS.map((tag) => ({ value: tag, label: t(`languages.${tag}`) }))}
      style={{ width: 110 }}
    />
  );
}

/** The desktop shell: the side menu by role, the header with the member, language and sign-out. */
export function ConsoleLayout() {
  const { t } = useTranslation();
  const me = useSignedInMember();
  const location = useLocation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const { message } = App.useApp();

  // The console speaks the member's language, whatever this browser used before.
  useEffect(() => {
    void setLanguage(me.language);
  }, [me.language]);

  const entries = menuFor(consoleRoutes, me.roles);
  const signOut = async (everywhere: boolean) => {
    try {
      const result = await adminRequest<{ sessionsEnded?: number } | null>(
        everywhere ? '/auth/logout-all' : '/auth/logout',
        { body: {} },
      );
      if (everywhere) {
        void message.success(t('shell:header.signedOutEverywhere', { count: result?.sessionsEnded ?? 0 }));
      }
    } catch {
      // Signed out already (600) or the server is away: the member leaves the console either way.
    }
    client.clear();
    navigate('/sign-in', { replace: true });
  };

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider width={220} theme="dark" breakpoint="lg" collapsedWidth={64}>
        <div style={{ color: '#fff', padding: '16px 20px', fontWeight: 600, fontSize: 16 }}>
          {t('shell:brand')}
        </div>
        <nav aria-label={t('shell:header.menu')}>
          <Menu
            theme="dark"
            mode="inline"
            selectedKeys={selectedKey(
              location.pathname,
              entries.map((entry) => entry.path),
            )}
            onClick={({ key }) => navigate(`/${key}`)}
            items={entries.map((entry) => ({
              key: entry.path,
              icon: entry.menu?.icon,
              label: t(`${entry.area}:${entry.menu?.labelKey}`),
            }))}
          />
        </nav>
      </Layout.Sider>
      <Layout>
        <Layout.Header
          style={{
            background: '#fff',
            padding: '0 24px',
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            borderBottom: '1px solid #f0f0f0',
          }}
        >
          <Typography.Text strong>{t('shell:title')}</Typography.Text>
          <Space size="middle">
            <span data-testid="member-name">{me.name}</span>
            <span>
              {me.roles.map((role) => (
                <Tag key={role} color="blue">
                  {t(`shell:roles.${role}`)}
                </Tag>
              ))}
            </span>
            <LanguageSwitch me={me} />
            <Button icon={<LogoutOutlined />} onClick={() => void signOut(false)}>
              {t('shell:header.signOut')}
            </Button>
            <Popconfirm
              title={t('shell:header.signOutEverywhere')}
              description={t('shell:header.signOutEverywhereConfirm')}
              onConfirm={() => signOut(true)}
              okText={t('shell:common.yes')}
              cancelText={t('shell:common.no')}
            >
              <Button danger>{t('shell:header.signOutEverywhere')}</Button>
            </Popconfirm>
          </Space>
        </Layout.Header>
        <Layout.Content style={{ padding: 24 }}>
          <main>
            <Outlet />
          </main>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
