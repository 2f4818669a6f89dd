import { isApiError } from '@wings/api-client';
import type { AwardCalculatorResult, EarnCalculatorResult } from '@wings/contracts';
import {
  AWARD_CALCULATOR_FIELDS,
  CALCULATOR_FIELD_LABELS,
  EARN_CALCULATOR_FIELDS,
  emptyCalculatorField,
  TIERS,
} from '@wings/rules';
import { Button } from 'antd-mobile';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { paths } from '../../../app/paths';
import { Choice, FormField, SelectButton } from '../../../features/account/components/form-field';
import { useAirports } from '../../../features/booking/api/get-airports';
import { useMemberStore } from '../../../features/members/member-store';
import { useAwardCalculator, useEarnCalculator, useEarnRates } from '../../../features/mileage/api';
import { formatMiles, MileagePage, useLang } from '../../../features/mileage/mileage-ui';
import { cityName } from '../../../lib/format';
import { AirportPicker } from '../../book/book-ticket/airport-picker';
import '../../book/book-ticket/book-ticket.css';

type Tab = 'earn' | 'award';
type EarnField = (typeof EARN_CALCULATOR_FIELDS)[number];
type AwardField = (typeof AWARD_CALCULATOR_FIELDS)[number];
interface Values {
  depCode: string;
  arrCode: string;
  cabin: '' | 'Y' | 'C';
  fareClass: string;
  level: '' | 0 | 1 | 2;
  tripType: '' | 0 | 1;
}

/** Departure and arrival: the book page's airport sheet over the network's airports. */
function AirportFields({
  values,
  error,
  onChange,
}: {
  values: Values;
  error: (f: 'depCode' | 'arrCode') => string | null;
  onChange: (f: 'depCode' | 'arrCode', code: string) => void;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const airports = useAirports();
  const [sheet, setSheet] = useState<'depCode' | 'arrCode' | null>(null);
  const options = (airports.data ?? []).map((airport) => ({ airport }));
  const label = (code: string) => {
    const a = airports.data?.find((x) => x.code === code);
    return code ? `${a ? cityName(a, lang) : ''} ${code}`.trim() : '';
  };
  return (
    <>
      {(['depCode', 'arrCode'] as const).map((f) => (
        <FormField key={f} label={t(`miles.calc_${f}`)} field={f} error={error(f)}>
          <SelectButton
            field={f}
            testId={`mi-calc-${f}`}
            text={label(values[f])}
            placeholder={t('miles.calc_choose')}
            onOpen={() => setSheet(f)}
          />
        </FormField>
      ))}
      <AirportPicker
        visible={sheet !== null}
        title={sheet === 'arrCode' ? t('airport.to_title') : t('airport.from_title')}
        options={options}
        loading={airports.isPending}
        notice={airports.isError ? t('airport.load_failed') : null}
        selected={sheet ? values[sheet] : ''}
        tripType={0}
        onSelect={(code) => {
          if (sheet) onChange(sheet, code);
          setSheet(null);
        }}
        onClose={() => setSheet(null)}
      />
    </>
  );
}

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );
}

/**
 * The mileage calculators (issue 18; spec §1, §5), open to anyone: miles a flight earns (route,
 * cabin, ticket type, level) and miles an award ticket needs (route, cabin, one way or return).
 * Every field is required ("cannot be empty", checked by the shared rule before asking).
 */
export default function MileageCalculatorPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'award' ? 'award' : 'earn';
  const memberLevel = useMemberStore((s) => s.member?.level);
  // Signed out, the way back is the More tab (the member home would ask for a sign-in).
  const signedIn = useMemberStore((s) => s.vipToken !== null);
  const [values, setValues] = useState<Values>({
    depCode: '',
    arrCode: '',
    cabin: '',
    fareClass: '',
    level: memberLevel ?? '',
    tripType: 0,
  });
  const [empty, setEmpty] = useState<EarnField | AwardField | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [earnResult, setEarnResult] = useState<EarnCalculatorResult | null>(null);
  const [awardResult, setAwardResult] = useState<AwardCalculatorResult | null>(null);
  const rates = useEarnRates();
  const earn = useEarnCalculator();
  const award = useAwardCalculator();
  const fareClasses = (rates.data?.list ?? []).filter((r) => r.cabin === values.cabin);

  const error = (f: EarnField | AwardField) =>
    empty === f ? t('mileage.field_empty', { field: CALCULATOR_FIELD_LABELS[f] }) : null;
  function set<K extends keyof Values>(f: K, v: Values[K]) {
    setValues((old) => ({ ...old, [f]: v, ...(f === 'cabin' && v !== old.cabin ? { fareClass: '' } : {}) }));
    setEmpty(null);
    setServerError(null);
    setEarnResult(null);
    setAwardResult(null);
  }
  function switchTab(next: Tab) {
    setParams(next === 'award' ? { tab: 'award' } : {}, { replace: true });
    setEmpty(null);
    setServerError(null);
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    const fields = tab === 'earn' ? EARN_CALCULATOR_FIELDS : AWARD_CALCULATOR_FIELDS;
    const missing = emptyCalculatorField<EarnField | AwardField>(fields, values);
    setEmpty(missing);
    if (missing) return;
    setServerError(null);
    try {
      if (tab === 'earn') {
        const { depCode, arrCode, cabin, fareClass, level } = values;
        setEarnResult(
          await earn.mutateAsync({ depCode, arrCode, cabin, fareClass, level: level as 0 | 1 | 2 }),
        );
      } else {
        const { depCode, arrCode, cabin, tripType } = values;
        setAwardResult(await award.mutateAsync({ depCode, arrCode, cabin, tripType: tripType as 0 | 1 }));
      }
    } catch (err) {
      if (isApiError(err) && !err.shown) setServerError(err.message);
    }
  }

  let result: ReactNode = null;
  if (tab === 'earn' && earnResult)
    result = (
      <section className="card" data-testid="mi-calc-result">
        <p className="mi-text" data-testid="mi-calc-total">
          {t('miles.calc_earn_total', { miles: formatMiles(earnResult.totalMiles) })}
        </p>
        <dl className="mi-figures">
          <Figure
            label={t('miles.calc_distance')}
            value={formatMiles(earnResult.distanceMiles)}
            testId="mi-calc-distance"
          />
          <Figure
            label={t('miles.calc_rate')}
            value={`${earnResult.earnRatePercent}%`}
            testId="mi-calc-rate"
          />
          <Figure
            label={t('miles.calc_base')}
            value={formatMiles(earnResult.baseMiles)}
            testId="mi-calc-base"
          />
          <Figure
            label={t('miles.calc_bonus')}
            value={formatMiles(earnResult.bonusMiles)}
            testId="mi-calc-bonus"
          />
          <Figure
            label={t('miles.elite_miles')}
            value={formatMiles(earnResult.eliteMiles)}
            testId="mi-calc-elite"
          />
          <Figure
            label={t('miles.elite_segments')}
            value={String(earnResult.eliteSegments)}
            testId="mi-calc-segments"
          />
        </dl>
      </section>
    );
  if (tab === 'award' && awardResult)
    result = (
      <section className="card" data-testid="mi-calc-result">
        <p className="mi-text" data-testid="mi-calc-total">
          {t('miles.calc_award_total', { miles: formatMiles(awardResult.totalMiles) })}
        </p>
        <dl className="mi-figures">
          <Figure
            label={t('miles.calc_distance')}
            value={formatMiles(awardResult.distanceMiles)}
            testId="mi-calc-distance"
          />
          <Figure label={t('miles.calc_zone')} value={String(awardResult.zone)} testId="mi-calc-zone" />
          <Figure
            label={t('miles.calc_one_way')}
            value={formatMiles(awardResult.oneWayMiles)}
            testId="mi-calc-one-way"
          />
        </dl>
      </section>
    );

  return (
    <MileagePage title={t('miles.calc_title')} back={signedIn ? paths.vipHome : paths.more}>
      <div className="choice mi-tabs" role="tablist">
        {(['earn', 'award'] as const).map((k) => (
          <button
            key={k}
            type="button"
            role="tab"
            aria-selected={tab === k}
            className={`choice-item${tab === k ? ' choice-item-active' : ''}`}
            data-testid={`mi-calc-tab-${k}`}
            onClick={() => switchTab(k)}
          >
            {t(`miles.calc_tab_${k}`)}
          </button>
        ))}
      </div>
      <form className="card" noValidate onSubmit={(e) => void submit(e)} data-testid="mi-calc-form">
        <AirportFields values={values} error={error} onChange={set} />
        <FormField label={t('miles.calc_cabin')} field="cabin" error={error('cabin')}>
          <Choice
            field="cabin"
            value={values.cabin === '' ? null : values.cabin}
            options={[
              { value: 'Y', label: t('miles.cabin_Y') },
              { value: 'C', label: t('miles.cabin_C') },
            ]}
            onChange={(v) => set('cabin', v)}
            testIdPrefix="mi-calc-cabin"
          />
        </FormField>
        {tab === 'earn' ? (
          <>
            <FormField label={t('miles.calc_fare_class')} field="fareClass" error={error('fareClass')}>
              <select
                className="form-input mi-select"
                name="fareClass"
                aria-labelledby="label-fareClass"
                data-testid="mi-calc-fareClass"
                value={values.fareClass}
                onChange={(e) => set('fareClass', e.target.value)}
              >
                <option value="">
                  {values.cabin === '' ? t('miles.calc_cabin_first') : t('miles.calc_choose')}
                </option>
                {fareClasses.map((r) => (
                  <option key={r.letter} value={r.letter}>
                    {t('miles.calc_fare_option', {
                      letter: r.letter,
                      family: r.family,
                      rate: r.earnRatePercent,
                    })}
                  </option>
                ))}
              </select>
            </FormField>
            <FormField label={t('miles.calc_level')} field="level" error={error('level')}>
              <Choice
                field="level"
                value={values.level === '' ? null : values.level}
                options={TIERS.map((tier) => ({ value: tier.level, label: t(`member.level_${tier.level}`) }))}
                onChange={(v) => set('level', v)}
                testIdPrefix="mi-calc-level"
              />
            </FormField>
          </>
        ) : (
          <FormField label={t('miles.calc_trip')} field="tripType" error={error('tripType')}>
            <Choice
              field="tripType"
              value={values.tripType === '' ? null : values.tripType}
              options={[
                { value: 0, label: t('miles.trip_0') },
                { value: 1, label: t('miles.trip_1') },
              ]}
              onChange={(v) => set('tripType', v)}
              testIdPrefix="mi-calc-trip"
            />
          </FormField>
        )}
        {serverError ? (
          <p className="mb-notice mb-notice-error" role="alert" data-testid="mi-calc-server-error">
            {serverError}
          </p>
        ) : null}
        <Button
          block
          color="primary"
          type="submit"
          loading={earn.isPending || award.isPending}
          data-testid="mi-calc-submit"
        >
          {t('miles.calc_submit')}
        </Button>
      </form>
      {result}
    </MileagePage>
  );
}
