import { TextInput } from '../../account/components/form-field';
import type { RuleForm } from '../../account/components/use-rule-form';

/**
 * A 6-digit member password field of `form`: a numeric keypad, hidden, and anything but digits
 * dropped as it is typed.
 */
export function MemberPasswordInput<V extends Record<string, unknown>, K extends keyof V & string>({
  form,
  field,
  testId,
  autoComplete,
}: {
  form: RuleForm<V>;
  field: K;
  testId: string;
  autoComplete: 'current-password' | 'new-password';
}) {
  return (
    <TextInput
      field={field}
      testId={testId}
      type="password"
      inputMode="numeric"
      pattern="[0-9]*"
      maxLength={6}
      autoComplete={autoComplete}
      value={String(form.values[field])}
      // A password field holds text, so the digits are its value (the form's type cannot say which fields are text).
      onChange={(v) => form.set(field, v.replace(/\D/g, '') as V[K])}
      onBlur={() => form.blur(field)}
      invalid={Boolean(form.error(field))}
    />
  );
}
