import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CountryPicker } from './country-picker';
import { FormField, SelectButton, TextInput } from './form-field';

export interface PhoneFieldProps {
  label: string;
  /** Field names as the form and the server know them, e.g. `phone` / `countryCode` or `contact-phone`. */
  phoneField: string;
  countryField: string;
  countryCode: string;
  phone: string;
  error: string | null | undefined;
  onCountryCode: (dial: string) => void;
  onPhone: (value: string) => void;
  /** Called when the traveller leaves the number, or picks a country code. */
  onBlur: (which: 'countryCode' | 'phone') => void;
  /** data-testid of the code button and of the number input. */
  testIds: { countryCode: string; phone: string };
  placeholder?: string;
  autoComplete?: string;
}

/**
 * A phone number with its country code (spec §5: code required, together at most 20
 * characters): a code button opening the searchable dialling-code sheet, and the number.
 */
export function PhoneField(props: PhoneFieldProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <FormField label={props.label} field={props.phoneField} error={props.error ?? null}>
        <div className="phone-row">
          <SelectButton
            field={props.countryField}
            testId={props.testIds.countryCode}
            text={props.countryCode}
            placeholder="+"
            onOpen={() => setOpen(true)}
          />
          <TextInput
            field={props.phoneField}
            testId={props.testIds.phone}
            value={props.phone}
            inputMode="tel"
            autoComplete={props.autoComplete ?? 'tel-national'}
            {...(props.placeholder ? { placeholder: props.placeholder } : {})}
            onChange={props.onPhone}
            onBlur={() => props.onBlur('phone')}
            invalid={Boolean(props.error)}
          />
        </div>
      </FormField>
      <CountryPicker
        visible={open}
        mode="dial"
        title={t('person.country_code')}
        selected={props.countryCode}
        testIdPrefix="dial"
        onSelect={(dial) => {
          props.onCountryCode(dial);
          props.onBlur('countryCode');
          setOpen(false);
        }}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
