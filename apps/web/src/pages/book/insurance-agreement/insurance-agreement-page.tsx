import type { InsuranceGrade, LanguageTag } from '@wings/contracts';
import { DELAY_EXTENSION_DAYS_MAX, INSURED_DAYS_MAX, INSURED_DAYS_MIN } from '@wings/rules';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isLanguageTag } from '../../../app/i18n';
import { useAppNavigate } from '../../../app/navigation';
import { paths } from '../../../app/paths';
import { NavBar } from '../../../components/nav-bar';
import { useBookingStore } from '../../../features/booking/booking-store';
import { useInsuranceGrades } from '../../../features/insurance/api/get-insurance-grade';
import { CoverList } from '../../../features/insurance/components/cover-list';
import { GradesError } from '../../../features/insurance/components/grades-error';
import { useInsuranceDraft } from '../../../features/insurance/insurance-draft-store';
import { BENEFICIARY_RELATIONSHIPS } from '../../../features/insurance/insurance-entry';
import '../../../features/account/components/account.css';
import '../../../features/booking/booking-flow.css';
import '../../../features/insurance/insurance.css';

const EXCLUSIONS = ['pre_existing', 'intentional', 'alcohol', 'war', 'risky_sports', 'unreported'] as const;
const CLAIM_STEPS = ['notify', 'documents', 'submit', 'paid'] as const;

function PlanCover({ grades, lang }: { grades: readonly InsuranceGrade[]; lang: LanguageTag }) {
  return (
    <>
      {grades.map((g) => (
        <div key={g.insuranceType} data-testid={`agreement-plan-${g.insuranceType}`}>
          <p>
            <strong>{g.name[lang]}</strong>
          </p>
          <CoverList coverage={g.coverage} testId={`agreement-cover-${g.insuranceType}`} />
        </div>
      ))}
    </>
  );
}

/**
 * insurance agreement (spec §2): the terms a traveller accepts before insurance is added: who
 * insures, what the chosen plan covers, the 1–90 day rule, the 7-day extension after a delay, who
 * may be a beneficiary, what is not covered and how to claim. "I agree" ticks the agreement on
 * the passenger list.
 */
export default function InsuranceAgreementPage() {
  const { t, i18n } = useTranslation();
  const lang: LanguageTag = isLanguageTag(i18n.language) ? i18n.language : 'zh';
  const nav = useAppNavigate();
  const [params] = useSearchParams();
  const offerId = useBookingStore((s) => s.offer?.offerId ?? null);
  const setAgreed = useInsuranceDraft((s) => s.setAgreed);
  const draftOffer = useInsuranceDraft((s) => s.offerId);
  const grades = useInsuranceGrades(offerId);
  const type = params.get('type');
  const shown = grades.data?.grades.filter((g) => !type || g.insuranceType === type) ?? [];
  const inBooking = offerId !== null && draftOffer === offerId;

  return (
    <div className="booking-page" data-testid="insurance-agreement">
      <NavBar title={t('insurance.agreement.title')} theme="navy" back={paths.insurancePassengerList} />
      <div className="page-body">
        <article className="card ins-text" data-testid="agreement-text">
          <h3>{t('insurance.agreement.insurer_title')}</h3>
          <p>{t('insurance.agreement.insurer')}</p>
          <p>{t('insurance.agreement.sandbox')}</p>

          <h3>{t('insurance.agreement.cover_title')}</h3>
          <p>{t('insurance.agreement.cover')}</p>
          {grades.isError ? (
            <GradesError error={grades.error} retry={() => void grades.refetch()} />
          ) : grades.data ? (
            <PlanCover grades={shown.length > 0 ? shown : grades.data.grades} lang={lang} />
          ) : (
            <p role="status">{t('common.loading')}</p>
          )}

          <h3>{t('insurance.agreement.period_title')}</h3>
          <p data-testid="agreement-days">
            {t('insurance.agreement.period', { min: INSURED_DAYS_MIN, max: INSURED_DAYS_MAX })}
          </p>
          <p data-testid="agreement-extension">
            {t('insurance.agreement.extension', { max: DELAY_EXTENSION_DAYS_MAX })}
          </p>

          <h3>{t('insurance.agreement.insured_title')}</h3>
          <p>{t('insurance.agreement.insured')}</p>
          <p data-testid="agreement-beneficiary">
            {t('insurance.agreement.beneficiary', {
              relationships: BENEFICIARY_RELATIONSHIPS.map((r) => t(`insurance.relation.${r}`)).join(
                t('insurance.agreement.list_separator'),
              ),
            })}
          </p>

          <h3>{t('insurance.agreement.exclusions_title')}</h3>
          <ul>
            {EXCLUSIONS.map((e) => (
              <li key={e}>{t(`insurance.agreement.exclusion.${e}`)}</li>
            ))}
          </ul>

          <h3>{t('insurance.agreement.claims_title')}</h3>
          <ol>
            {CLAIM_STEPS.map((s) => (
              <li key={s}>{t(`insurance.agreement.claim.${s}`)}</li>
            ))}
          </ol>

          <h3>{t('insurance.agreement.refund_title')}</h3>
          <p>{t('insurance.agreement.refund')}</p>
        </article>
      </div>
      {inBooking ? (
        <footer className="booking-footer">
          <Button
            block
            color="primary"
            size="large"
            className="booking-continue"
            data-testid="agreement-accept"
            onClick={() => {
              setAgreed(true);
              nav.back(paths.insurancePassengerList);
            }}
          >
            {t('insurance.agreement.accept')}
          </Button>
        </footer>
      ) : null}
    </div>
  );
}
