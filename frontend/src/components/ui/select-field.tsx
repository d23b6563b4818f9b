import { Field, NativeSelect, type SystemStyleObject } from '@chakra-ui/react';
import { fieldLook } from './field-look';

export interface SelectOption<Value extends string> {
  readonly value: Value;
  readonly label: string;
}

export interface SelectFieldProps<Value extends string> {
  readonly label: string;
  readonly value: Value;
  readonly options: readonly SelectOption<Value>[];
  readonly onChange: (value: Value) => void;
  /** The form field's name, for forms read as a whole. */
  readonly name?: string;
  readonly disabled?: boolean;
  /** How the label looks: the back office's filters use small capitals, its forms plain text. */
  readonly labelStyle?: SystemStyleObject;
}

const fieldStyle = fieldLook;

/** A labelled native select whose value is always one of `options` (anything else is ignored). */
export function SelectField<Value extends string>({
  label,
  value,
  options,
  onChange,
  name,
  disabled = false,
  labelStyle,
}: SelectFieldProps<Value>) {
  return (
    <Field.Root disabled={disabled}>
      <Field.Label css={labelStyle}>{label}</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field
          name={name}
          value={value}
          onChange={(event) => {
            const chosen = options.find((option) => option.value === event.currentTarget.value);
            if (chosen) onChange(chosen.value);
          }}
          {...fieldStyle}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}
