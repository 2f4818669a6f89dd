import type { AddIncreaseServiceReply, LanguageTag, Money } from '@wings/contracts';
import { useTranslation } from 'react-i18next';
import { isLanguageTag } from '../../../app/i18n';
import { useAppNavigate } from '../../../app/navigation';
import { paths } from '../../../app/paths';
import { useBookingStore } from '../../../features/booking/booking-store';
import { draftName, type Slot } from '../../../features/booking/passengers';
import { useInsuranceGrades } from '../../../features/insurance/api/get-insurance-grade';
import { money } from '../../../lib/format';

/** One chosen add-on of one passenger: what it is, on which leg (null: the whole trip). */
interface ChoiceRow {
  key: string;
  code: '10' | '11' | '12' | '13' | 'ERT';
  leg: number | null;
  text: string;
}

/**
 * The add-ons on review (issue 14): per passenger and leg what was chosen (seat 12C, +10 kg,
 * priority boarding, the refundable upgrade, an insurance plan), each with the server's price.
 */
export function ChosenAddons({
  slots,
  reply,
}: {
  slots: readonly Slot[];
  reply: AddIncreaseServiceReply | undefined;
}) {
  const { t, i18n } = useTranslation();
  const lang: LanguageTag = isLanguageTag(i18n.language) ? i18n.language : 'zh';
  const nav = useAppNavigate();
  const offer = useBookingStore((s) => s.offer);
  const services = useBookingStore((s) => s.services);
  const drafts = useBookingStore((s) => s.passengers);
  const anyInsurance = slots.some((slot) => services[slot.id]?.insurance);
  const grades = useInsuranceGrades(offer?.offerId ?? null, anyInsurance);
  const legCount = offer?.segments.length ?? 0;

  const rowsOf = (slot: Slot): ChoiceRow[] => {
    const s = services[slot.id];
    if (!s) return [];
    const rows: ChoiceRow[] = [];
    for (let j = 0; j < legCount; j++) {
      const choice = s.legs[j];
      if (choice?.seat)
        rows.push({
          key: `12-${j}`,
          code: '12',
          leg: j,
          text: t('addons.seat_named', { seat: choice.seat }),
        });
      if (choice?.baggageKg)
        rows.push({
          key: `13-${j}`,
          code: '13',
          leg: j,
          text: t('addons.extra_kg', { kg: choice.baggageKg }),
        });
      if (choice?.priority) rows.push({ key: `11-${j}`, code: '11', leg: j, text: t('addon.11') });
    }
    if (s.refundUpgrade) rows.push({ key: 'ERT', code: 'ERT', leg: null, text: t('addons.upgrade_title') });
    if (s.insurance) {
      const plan = grades.data?.grades.find((g) => g.insuranceType === s.insurance?.insuranceType);
      const name = plan ? plan.name[lang] || plan.name.en : s.insurance.insuranceType;
      rows.push({ key: '10', code: '10', leg: null, text: `${t('addon.10')} · ${name}` });
    }
    return rows;
  };

  /** The server's price of a row: its line, or the sum of a whole-trip add-on's lines (one per leg). */
  const amountOf = (slot: Slot, row: ChoiceRow): Money | null => {
    if (!reply) return null;
    const lines = reply.lines.filter(
      (l) => l.passenger === slot.index && l.code === row.code && (row.leg === null || l.leg === row.leg),
    );
    if (lines.length === 0) return null;
    return {
      currency: lines[0]!.amount.currency,
      amount: lines.reduce((sum, l) => sum + l.amount.amount, 0),
    };
  };

  const withChoices = slots.filter((slot) => rowsOf(slot).length > 0);
  return (
    <section className="card review-addons" data-testid="review-addons" aria-labelledby="review-addons-title">
      <h2 className="card-title" id="review-addons-title">
        {t('booking.addons_title')}
      </h2>
      {withChoices.length === 0 ? (
        <p className="muted small" data-testid="review-addons-none">
          {t('addons.review_none')}
        </p>
      ) : (
        withChoices.map((slot) => (
          <div key={slot.id} className="review-addon-passenger" data-testid={`review-addons-${slot.id}`}>
            <strong className="small">
              {draftName(drafts[slot.id])}{' '}
              <span className="muted">
                ({t('booking.slot_label', { type: t(`ptype.${slot.type}`), n: slot.number })})
              </span>
            </strong>
            {rowsOf(slot).map((row) => {
              const amount = amountOf(slot, row);
              return (
                <div className="price-line" key={row.key} data-testid={`review-addon-${slot.id}-${row.key}`}>
                  <span>
                    {row.text}
                    <span className="muted small">
                      {' · '}
                      {row.leg === null
                        ? t('addons.whole_trip')
                        : t(row.leg === 0 ? 'summary.outbound' : 'summary.return')}
                    </span>
                  </span>
                  <span>{amount ? money(amount) : ''}</span>
                </div>
              );
            })}
          </div>
        ))
      )}
      <button
        type="button"
        className="text-link small"
        data-testid="review-edit-addons"
        onClick={() => nav.push(paths.addedServices)}
      >
        {withChoices.length === 0 ? t('addons.add') : t('addons.edit')}
      </button>
    </section>
  );
}
