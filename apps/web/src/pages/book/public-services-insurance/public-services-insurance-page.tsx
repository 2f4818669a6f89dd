import type { LanguageTag } from '@wings/contracts';
import { DELAY_EXTENSION_DAYS_MAX, INSURED_DAYS_MAX, INSURED_DAYS_MIN } from '@wings/rules';
import { useTranslation } from 'react-i18next';
import { isLanguageTag } from '../../../app/i18n';
import { paths } from '../../../app/paths';
import { NavBar } from '../../../components/nav-bar';
import { useInsuranceGrades } from '../../../features/insurance/api/get-insurance-grade';
import { CoverList } from '../../../features/insurance/components/cover-list';
import { GradesError } from '../../../features/insurance/components/grades-error';
import { money } from '../../../lib/format';
import '../../../features/account/components/account.css';
import '../../../features/booking/booking-flow.css';
import '../../../features/insurance/insurance.css';

const RULES = ['days', 'extension', 'who', 'details', 'name', 'one_policy', 'refund'] as const;

/**
 * public-services insurance (spec §2): what travel insurance is, each plan's cover in brief with
 * its lowest price, and the rules (1–90 days, the delay extension, complete details, English
 * names). The plans come unpriced here: no trip is known.
 */
export default function PublicServicesInsurancePage() {
  const { t, i18n } = useTranslation();
  const lang: LanguageTag = isLanguageTag(i18n.language) ? i18n.language : 'zh';
  const grades = useInsuranceGrades(null);
  const response = grades.data;
  return (
    <div className="booking-page" data-testid="public-services-insurance">
      <NavBar title={t('insurance.about.title')} theme="navy" back={paths.insurancePassengerList} />
      <div className="page-body">
        <section className="card ins-text">
          <h3>{t('insurance.about.what_title')}</h3>
          <p>{t('insurance.about.what')}</p>
          <p>{t('insurance.agreement.insurer')}</p>
        </section>

        <h2 className="booking-section-title">{t('insurance.about.plans_title')}</h2>
        {grades.isError ? (
          <GradesError error={grades.error} retry={() => void grades.refetch()} />
        ) : !response ? (
          <p className="muted small booking-intro" role="status">
            {t('common.loading')}
          </p>
        ) : !response.available || response.grades.length === 0 ? (
          <section className="card booking-alert" data-testid="insurance-unavailable">
            <p>{t('insurance.page.unavailable_here')}</p>
          </section>
        ) : (
          response.grades.map((g) => {
            const lowest = g.bands.length > 0 ? Math.min(...g.bands.map((b) => b.amount)) : null;
            return (
              <section className="card" key={g.insuranceType} data-testid={`about-plan-${g.insuranceType}`}>
                <div className="ins-plan-head">
                  <span className="ins-plan-name">{g.name[lang]}</span>
                  {lowest !== null ? (
                    <span className="ins-plan-price" data-testid={`about-plan-from-${g.insuranceType}`}>
                      {t('insurance.about.from', { price: money({ amount: lowest, currency: g.currency }) })}
                      <small>{t('insurance.page.per_insured')}</small>
                    </span>
                  ) : null}
                </div>
                <CoverList coverage={g.coverage} testId={`about-cover-${g.insuranceType}`} />
              </section>
            );
          })
        )}

        <h2 className="booking-section-title">{t('insurance.about.rules_title')}</h2>
        <section className="card ins-text" data-testid="about-rules">
          <ul>
            {RULES.map((r) => (
              <li key={r}>
                {t(`insurance.about.rule.${r}`, {
                  min: INSURED_DAYS_MIN,
                  max: INSURED_DAYS_MAX,
                  ext: DELAY_EXTENSION_DAYS_MAX,
                })}
              </li>
            ))}
          </ul>
        </section>
      </div>
    </div>
  );
}
