import { Button } from 'antd-mobile';
import type { InputHTMLAttributes, ReactNode } from 'react';

/** The message under a field, with a stable test id `field-error-<field>`. */
export function FieldError({ field, message }: { field: string; message: string | null }) {
  if (!message) return null;
  return (
    <p className="field-error" role="alert" data-testid={`field-error-${field}`}>
      {message}
    </p>
  );
}

interface FormFieldProps {
  label: ReactNode;
  field: string;
  error: string | null;
  children: ReactNode;
  /** A control beside the input (e.g. the send-code button). */
  addon?: ReactNode;
  hint?: ReactNode;
}

/**
 * A labelled form row: label, control, optional addon, then the hint and the rule message. The
 * hint stays under a field in error: it says what would be right (e.g. which ages fit a child
 * on the day of the flight) while the message says what is wrong.
 */
export function FormField({ label, field, error, children, addon, hint }: FormFieldProps) {
  return (
    <div className={`form-field${error ? ' form-field-invalid' : ''}`}>
      <span className="form-label" id={`label-${field}`}>
        {label}
      </span>
      <div className="form-control-row">
        <div className="form-control">{children}</div>
        {addon}
      </div>
      {hint ? <p className="form-hint">{hint}</p> : null}
      <FieldError field={field} message={error} />
    </div>
  );
}

type TextInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> & {
  field: string;
  value: string;
  onChange: (value: string) => void;
  invalid?: boolean;
  testId: string;
};

/** A plain text input wired to a field: value, change, blur, aria state and a test id. */
export function TextInput({ field, value, onChange, invalid, testId, ...rest }: TextInputProps) {
  return (
    <input
      className="form-input"
      name={field}
      value={value}
      aria-labelledby={`label-${field}`}
      aria-invalid={invalid || undefined}
      data-testid={testId}
      onChange={(e) => onChange(e.target.value)}
      {...rest}
    />
  );
}

interface ChoiceProps<T extends string | number> {
  field: string;
  value: T | null;
  options: readonly { value: T; label: ReactNode }[];
  onChange: (value: T) => void;
  testIdPrefix: string;
}

/** A row of radio buttons (title, gender, passenger type, document type). */
export function Choice<T extends string | number>({
  field,
  value,
  options,
  onChange,
  testIdPrefix,
}: ChoiceProps<T>) {
  return (
    <fieldset className="choice" aria-labelledby={`label-${field}`} data-testid={testIdPrefix}>
      {options.map((o) => (
        <button
          key={String(o.value)}
          type="button"
          aria-pressed={value === o.value}
          className={`choice-item${value === o.value ? ' choice-item-active' : ''}`}
          data-testid={`${testIdPrefix}-${o.value}`}
          onClick={() => onChange(o.value)}
        >
          {o.label}
        </button>
      ))}
    </fieldset>
  );
}

/** A native date input (the phone's own date picker); value `YYYY-MM-DD` or ''. */
export function DateInput({
  field,
  value,
  min,
  max,
  onChange,
  invalid,
  testId,
}: {
  field: string;
  value: string;
  min?: string;
  max?: string;
  onChange: (value: string) => void;
  invalid?: boolean;
  testId: string;
}) {
  return (
    <input
      type="date"
      className="form-input"
      name={field}
      value={value}
      min={min}
      max={max}
      aria-labelledby={`label-${field}`}
      aria-invalid={invalid || undefined}
      data-testid={testId}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

/** A field that opens a picker sheet: shows the chosen value or a placeholder. */
export function SelectButton({
  field,
  text,
  placeholder,
  onOpen,
  testId,
}: {
  field: string;
  text: string;
  placeholder: string;
  onOpen: () => void;
  testId: string;
}) {
  return (
    <button
      type="button"
      className="form-select"
      // The label, then what the button shows: the accessible name includes the visible text.
      aria-labelledby={`label-${field} value-${field}`}
      data-testid={testId}
      onClick={onOpen}
    >
      <span id={`value-${field}`} className={text ? undefined : 'form-placeholder'}>
        {text || placeholder}
      </span>
      <span aria-hidden="true">›</span>
    </button>
  );
}

/** The white card a form lives in: the browser's own validation and submit are replaced by ours. */
export function FormCard({
  onSubmit,
  children,
}: {
  onSubmit: () => Promise<void> | void;
  children: ReactNode;
}) {
  return (
    <form
      className="card"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void onSubmit();
      }}
    >
      {children}
    </form>
  );
}

/** A form's primary button: full width, busy while its call runs. */
export function SubmitButton({
  loading,
  testId,
  children,
}: {
  loading: boolean;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Button
      block
      type="submit"
      color="primary"
      size="large"
      className="form-submit"
      loading={loading}
      data-testid={testId}
    >
      {children}
    </Button>
  );
}
