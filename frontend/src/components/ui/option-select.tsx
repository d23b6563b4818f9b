import { NativeSelect } from '@chakra-ui/react';
import { fieldLook } from './field-look';

export interface SelectOption<Value extends string> {
  readonly value: Value;
  readonly label: string;
}

export interface OptionSelectProps<Value extends string> extends Omit<
  NativeSelect.RootProps,
  'onChange' | 'children' | 'aria-label'
> {
  readonly value: Value;
  readonly options: readonly SelectOption<Value>[];
  readonly onChange: (value: Value) => void;
  /** The form field's name, for forms read as a whole. */
  readonly name?: string;
  /** The select's name for assistive technology, where no label of a field names it. */
  readonly 'aria-label'?: string;
  /** More of how the select itself looks (a listing's round selects). */
  readonly fieldProps?: NativeSelect.FieldProps;
}

/** A native select in the site's field look whose value is always one of `options` (anything else is ignored). */
export function OptionSelect<Value extends string>({
  value,
  options,
  onChange,
  name,
  'aria-label': ariaLabel,
  fieldProps,
  ...root
}: OptionSelectProps<Value>) {
  return (
    <NativeSelect.Root {...root}>
      <NativeSelect.Field
        aria-label={ariaLabel}
        name={name}
        value={value}
        onChange={(event) => {
          const chosen = options.find((option) => option.value === event.currentTarget.value);
          if (chosen) onChange(chosen.value);
        }}
        {...fieldProps}
        {...fieldLook}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
