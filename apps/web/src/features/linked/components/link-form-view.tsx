import type { ReactNode } from 'react';
import { NavBar } from '../../../components/nav-bar';
import { FormCard, SubmitButton } from '../../account/components/form-field';
import '../../account/components/account.css';
import '../../orders/orders.css';

/** A refused link or look-up in the server's words (690-695), shown where the traveller acted. */
export function LinkRefusal({ refusal }: { refusal: string | null }) {
  return refusal ? (
    <p className="booking-alert booking-alert-error" role="alert" data-testid="link-refused">
      {refusal}
    </p>
  ) : null;
}

/**
 * A linking or look-up form page (associate-order add, associate-ticket add, relevance-query):
 * its intro, the fields, a refusal beside them, and the submit button.
 */
export function LinkFormView({
  testId,
  title,
  back,
  intro,
  onSubmit,
  refusal,
  pending,
  submitTestId,
  submitLabel,
  children,
}: {
  testId: string;
  title: string;
  back: string;
  intro: string;
  onSubmit: () => Promise<void>;
  refusal: string | null;
  pending: boolean;
  submitTestId: string;
  submitLabel: string;
  children: ReactNode;
}) {
  return (
    <div className="account-page order-page" data-testid={testId}>
      <NavBar title={title} back={back} />
      <div className="page-body">
        <p className="account-intro">{intro}</p>
        <FormCard onSubmit={onSubmit}>
          {children}
          <LinkRefusal refusal={refusal} />
          <SubmitButton loading={pending} testId={submitTestId}>
            {submitLabel}
          </SubmitButton>
        </FormCard>
      </div>
    </div>
  );
}
