import { isApiError } from '@wings/api-client';
import type { FieldIssue } from '@wings/contracts';
import type { RuleIssue } from '@wings/rules';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clientHooks } from '../../../api/client-hooks';
import { focusFirstInvalid } from './focus-first-invalid';

export type FormValues = Record<string, unknown>;

export interface RuleForm<V extends FormValues> {
  values: V;
  /** Changes one field; its server error (if any) goes away. */
  set: <K extends keyof V & string>(field: K, value: V[K]) => void;
  /** After the first blur a field is checked as the user types. */
  blur: (field: keyof V & string) => void;
  /** The message to show under a field, or null. */
  error: (field: keyof V & string) => string | null;
  /**
   * Marks every field as checked; true when the shared rules pass. When they do not, the page
   * scrolls to the first field in error and focuses it once the messages are on screen
   * (`focus: false` only shows the messages, e.g. when a page reopens a form typed before).
   */
  validate: (options?: { focus?: boolean }) => boolean;
  /** Puts a failed call's field issues (`data.fields`) on their fields (and goes to the first); true when any applied. */
  applyServerError: (error: unknown) => boolean;
  /** Shows a message on a field until it changes (e.g. a business code that belongs to a field). */
  setFieldError: (field: keyof V & string, message: string) => void;
  /**
   * After the next render, scrolls to and focuses the first field in error on the page (for
   * problems the page shows itself, e.g. a passenger slot or a server message it placed).
   */
  focusFirstError: () => void;
}

/** `body.surname` or `surname` → `surname`. */
function fieldName(path: string): string {
  return path.split('.').pop() ?? path;
}

/**
 * Form state checked with the shared rules (docs/architecture.md §8): a field shows its message once it
 * has been left (or the form submitted), then follows every keystroke; the values always stay
 * what the traveller typed, and server field errors land on their fields.
 */
export function useRuleForm<V extends FormValues>(
  initial: V,
  rules: (values: V) => RuleIssue[],
): RuleForm<V> {
  const { t, i18n } = useTranslation();
  const [values, setValues] = useState<V>(initial);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [server, setServer] = useState<Record<string, string>>({});
  const issues = useMemo(() => rules(values), [rules, values]);
  // Each request bumps the counter; the effect runs after React has drawn the messages, so the
  // first field marked in error (FormField's class, aria-invalid) is in the document by then.
  const [focusRequest, setFocusRequest] = useState(0);
  useEffect(() => {
    if (focusRequest > 0) focusFirstInvalid();
  }, [focusRequest]);
  const focusFirstError = useCallback(() => setFocusRequest((n) => n + 1), []);

  const set = useCallback(<K extends keyof V & string>(field: K, value: V[K]) => {
    setValues((prev) => ({ ...prev, [field]: value }));
    setServer((prev) => {
      if (!(field in prev)) return prev;
      const next = { ...prev };
      delete next[field];
      return next;
    });
  }, []);

  const blur = useCallback((field: string) => {
    setTouched((prev) => (prev.has(field) ? prev : new Set(prev).add(field)));
  }, []);

  const error = (field: string): string | null => {
    const fromServer = server[field];
    if (fromServer) return fromServer;
    if (!submitted && !touched.has(field)) return null;
    const issue = issues.find((i) => i.field === field);
    return issue ? t(issue.key, issue.params ?? {}) : null;
  };

  const validate = (options: { focus?: boolean } = {}) => {
    setSubmitted(true);
    const ok = rules(values).length === 0;
    if (!ok && options.focus !== false) focusFirstError();
    return ok;
  };

  const setFieldError = useCallback(
    (field: string, message: string) => {
      setServer((prev) => ({ ...prev, [field]: message }));
      focusFirstError();
    },
    [focusFirstError],
  );

  const applyServerError = (failure: unknown): boolean => {
    if (!isApiError(failure)) return false;
    const known = failure.fields.filter((f: FieldIssue) => fieldName(f.field) in values);
    if (known.length === 0) {
      // A 400 the form cannot place (or any error the client kept quiet) is still shown.
      if (!failure.shown) clientHooks.toast(failure.message);
      return false;
    }
    const next: Record<string, string> = {};
    for (const f of known) {
      const name = fieldName(f.field);
      if (next[name]) continue;
      next[name] = f.key && f.key !== 'invalid_request' && i18n.exists(f.key) ? t(f.key) : f.message;
    }
    setServer(next);
    focusFirstError();
    return true;
  };

  return {
    values,
    set,
    blur,
    error,
    validate,
    applyServerError,
    setFieldError,
    focusFirstError,
  } as RuleForm<V>;
}
