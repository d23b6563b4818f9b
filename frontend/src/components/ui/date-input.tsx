import { Input, type InputProps } from '@chakra-ui/react';

export interface DateInputProps extends Omit<InputProps, 'type' | 'value' | 'min' | 'max' | 'onChange'> {
  /** `YYYY-MM-DD`, or empty. */
  readonly value: string | undefined;
  /** The earliest and the latest day it takes; empty or left out is no bound. */
  readonly min?: string | undefined;
  readonly max?: string | undefined;
  readonly onChange: (day: string) => void;
}

/** A day picker of a filter: it answers with the `YYYY-MM-DD` it holds, or '' once cleared. */
export function DateInput({ value, min, max, onChange, ...props }: DateInputProps) {
  return (
    <Input
      type="date"
      value={value ?? ''}
      min={min || undefined}
      max={max || undefined}
      onChange={(event) => onChange(event.target.value)}
      {...props}
    />
  );
}
