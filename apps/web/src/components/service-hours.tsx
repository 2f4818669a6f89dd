import { useTranslation } from 'react-i18next';

/** Customer service hours: Mon–Fri 08:30–17:30, Sat 09:00–13:00, GMT+7 (spec §1). */
export function ServiceHours() {
  const { t } = useTranslation();
  return (
    <div data-testid="service-hours">
      <table className="hours">
        <tbody>
          <tr>
            <td>{t('service.weekdays')}</td>
            <td>{t('service.weekdays_hours')}</td>
          </tr>
          <tr>
            <td>{t('service.saturday')}</td>
            <td>{t('service.saturday_hours')}</td>
          </tr>
          <tr>
            <td>{t('service.sunday')}</td>
            <td className="muted">{t('service.closed')}</td>
          </tr>
        </tbody>
      </table>
      <p className="muted small">{t('service.zone')}</p>
    </div>
  );
}
