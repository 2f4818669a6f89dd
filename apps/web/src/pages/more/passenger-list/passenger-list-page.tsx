import type { LanguageTag, SavedPassenger } from '@wings/contracts';
import { Button, Dialog, SpinLoading } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { isLanguageTag } from '../../../app/i18n';
import { useAppNavigate } from '../../../app/navigation';
import { paths } from '../../../app/paths';
import { NavBar } from '../../../components/nav-bar';
import { StateView } from '../../../components/state-view';
import { useDeleteSavedPassenger } from '../../../features/account/api/delete-saved-passenger';
import { useSavedPassengers } from '../../../features/account/api/get-saved-passengers';
import { countryName } from '../../../features/account/countries';
import '../../../features/account/components/account.css';
import './passenger-list.css';

/** Saved passengers of the signed-in user: list, add, edit, delete. */
export default function PassengerListPage() {
  const { t, i18n } = useTranslation();
  const lang: LanguageTag = isLanguageTag(i18n.language) ? i18n.language : 'zh';
  const nav = useAppNavigate();
  const passengers = useSavedPassengers();
  const remove = useDeleteSavedPassenger();

  async function confirmDelete(p: SavedPassenger) {
    const yes = await Dialog.confirm({
      title: t('passengers.delete_title'),
      content: t('passengers.delete_confirm', { name: `${p.surname} ${p.givenName}` }),
      confirmText: t('passengers.delete'),
      cancelText: t('common.cancel'),
    });
    if (yes) remove.mutate(p.id);
  }

  const add = (
    <Button
      block
      color="primary"
      size="large"
      className="form-submit"
      data-testid="passenger-add"
      onClick={() => nav.push(paths.editPassenger)}
    >
      {t('passengers.add')}
    </Button>
  );

  let body: React.ReactNode;
  if (passengers.isPending) {
    body = (
      <div className="sheet-notice">
        <SpinLoading color="primary" />
      </div>
    );
  } else if (passengers.isError) {
    body = (
      <StateView
        tone="error"
        title={t('passengers.load_failed')}
        action={
          <Button size="small" onClick={() => void passengers.refetch()}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  } else if (passengers.data.length === 0) {
    body = (
      <StateView
        tone="empty"
        testId="passenger-empty"
        title={t('passengers.empty')}
        description={t('passengers.empty_desc')}
      />
    );
  } else {
    body = (
      <ul className="passenger-list" data-testid="passenger-list">
        {passengers.data.map((p, i) => (
          <li key={p.id} className="card passenger-card" data-testid={`passenger-item-${i}`}>
            <button
              type="button"
              className="passenger-card-main"
              data-testid={`passenger-open-${i}`}
              onClick={() => nav.push(`${paths.editPassenger}?id=${encodeURIComponent(p.id)}`)}
            >
              <span className="passenger-name">
                {p.surname} {p.middleName ? `${p.middleName} ` : ''}
                {p.givenName}
                <span className="passenger-type">{t(`ptype.${p.passengerType}`)}</span>
              </span>
              <span className="muted small">
                {t(`doc.${p.docType}`)} · {p.docNumber}
              </span>
              <span className="muted small">{countryName(p.nationality, lang)}</span>
            </button>
            <button
              type="button"
              className="passenger-delete"
              data-testid={`passenger-delete-${i}`}
              aria-label={t('passengers.delete')}
              onClick={() => void confirmDelete(p)}
            >
              {t('passengers.delete')}
            </button>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className="account-page">
      <NavBar title={t('passengers.title')} back={paths.more} />
      <div className="page-body">
        {body}
        {add}
      </div>
    </div>
  );
}
