import { Field, type SystemStyleObject } from '@chakra-ui/react';
import { OptionSelect, type SelectOption } from './option-select';

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
      <OptionSelect name={name} value={value} options={options} onChange={onChange} />
    </Field.Root>
  );
}
