import { Button } from 'antd-mobile';
import { useCallback } from 'react';
import { type RuleForm, useRuleForm } from '../../account/components/use-rule-form';
import {
  type InsuredInfoValues as InfoValues,
  InsuredFields,
} from '../../insurance/components/insured-fields';
import { EMPTY_INFO, type InsuredInfoDraft, infoIssues } from '../../insurance/insurance-entry';
import '../../insurance/insurance.css';

/**
 * The insured's details for an insurance bought after ticketing: the same fields, labels and
 * rules (checkInsuranceEntry, via insurance-entry's `infoIssues`) as the booking's insurance
 * form, without the booking's drafts (the passenger here is a ticketed one, not a booking slot).
 * Submitting checks every field and hands the details over; the server's field errors land on
 * their fields through `form.applyServerError`.
 */
export function InsuredForm({
  nationality,
  submitLabel,
  busy,
  onSubmit,
}: {
  /** A first guess for the insured's nationality (the passenger's document). */
  nationality: string;
  submitLabel: string;
  busy: boolean;
  onSubmit: (info: InsuredInfoDraft, form: RuleForm<InfoValues>) => void;
}) {
  const rules = useCallback((v: InfoValues) => infoIssues(v), []);
  const form = useRuleForm<InfoValues>({ ...EMPTY_INFO, nationality } as InfoValues, rules);
  const { values } = form;

  return (
    <form
      noValidate
      data-testid="secondary-insured-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (!form.validate()) return;
        onSubmit({ ...EMPTY_INFO, ...values }, form);
      }}
    >
      <InsuredFields form={form} heading="h3" />
      <Button
        block
        type="submit"
        color="primary"
        size="large"
        className="form-submit"
        loading={busy}
        data-testid="secondary-buy-insurance"
      >
        {submitLabel}
      </Button>
    </form>
  );
}
