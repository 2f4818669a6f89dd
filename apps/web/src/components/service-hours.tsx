import type { CustomerService, ServiceHours as DayHours } from '@wings/contracts';
import { useTranslation } from 'react-i18next';
import { EmailText } from './email-text';
import './service-hours.css';

/**
 * Customer-service hours (Mon–Fri 08:30–17:30, Sat 09:00–13:00, GMT+7: spec §1) and, when the
 * airline has set them, its phone (a `tel:` link) and e-mail (a `mailto:` link). `contact` is the
 * admin's setting (GET settings/customer-service, read by the page); while it is unknown (loading,
 * offline, failed) the bundled hours show, so the card is never empty.
 */
export function ServiceHours({ contact }: { contact?: CustomerService | undefined }) {
  const { t } = useTranslation();
  const hours = (h: DayHours | null | undefined, bundled: string) =>
    h === undefined ? (
      <td>{bundled}</td>
    ) : h === null ? (
      <td className="muted">{t('service.closed')}</td>
    ) : (
      <td>{t('service.hours', { open: h.open, close: h.close })}</td>
    );
  return (
    <div data-testid="service-hours" data-source={contact ? 'server' : 'bundled'}>
      <table className="hours">
        <tbody>
          <tr>
            <td>{t('service.weekdays')}</td>
            {hours(contact?.weekdays, t('service.weekdays_hours'))}
          </tr>
          <tr>
            <td>{t('service.saturday')}</td>
            {hours(contact?.saturday, t('service.saturday_hours'))}
          </tr>
          <tr>
            <td>{t('service.sunday')}</td>
            {contact ? hours(contact.sunday, '') : <td className="muted">{t('service.closed')}</td>}
          </tr>
        </tbody>
      </table>
      <p className="muted small">{t('service.zone')}</p>
      {contact?.phone || contact?.email ? (
        <ul className="service-contact">
          {contact.phone ? (
            <li>
              <span className="muted">{t('service.phone')}</span>
              <a href={`tel:${contact.phone.replace(/\s+/g, '')}`} data-testid="service-phone">
                {contact.phone}
              </a>
            </li>
          ) : null}
          {contact.email ? (
            <li>
              <span className="muted">{t('service.email')}</span>
              <a href={`mailto:${contact.email}`} data-testid="service-email">
                <EmailText value={contact.email} />
              </a>
            </li>
          ) : null}
        </ul>
      ) : null}
    </div>
  );
}
