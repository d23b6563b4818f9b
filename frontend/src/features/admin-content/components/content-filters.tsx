import { Field, Grid, HStack, Input, InputGroup, NativeSelect, Text } from '@chakra-ui/react';
import type { TitleType } from '@cinefold/contracts';
import type { ReactNode } from 'react';
import { LuSearch } from 'react-icons/lu';
import {
  type ContentFilters,
  type ContentSort,
  SORT_OPTIONS,
  TYPE_OPTIONS,
  typeWording,
  VISIBILITY_OPTIONS,
  type VisibilityFilter,
} from '../content-query';

export interface ContentFiltersBarProps {
  readonly filters: ContentFilters;
  readonly onChange: (filters: ContentFilters) => void;
}

const fieldStyle = {
  bg: 'blackAlpha.400',
  borderColor: 'whiteAlpha.200',
  _hover: { borderColor: 'whiteAlpha.400' },
} as const;

const labelStyle = {
  color: 'fg.subtle',
  textStyle: 'xs',
  textTransform: 'uppercase',
  letterSpacing: '0.12em',
} as const;

interface SelectFieldProps<Value extends string> {
  readonly label: string;
  readonly value: Value;
  readonly options: readonly { value: Value; label: string }[];
  readonly onChange: (value: Value) => void;
}

function SelectField<Value extends string>({ label, value, options, onChange }: SelectFieldProps<Value>) {
  return (
    <Field.Root>
      <Field.Label {...labelStyle}>{label}</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field
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

interface FilterFieldProps {
  readonly label: string;
  /** Takes two columns on wide screens. */
  readonly span?: boolean;
  readonly children: ReactNode;
}

function FilterField({ label, span = false, children }: FilterFieldProps) {
  return (
    <Field.Root gridColumn={span ? { xl: 'span 2' } : undefined}>
      <Field.Label {...labelStyle}>{label}</Field.Label>
      {children}
    </Field.Root>
  );
}

/** Type, search, visibility, sort order and the date range of the content table (spec section 2). */
export function ContentFiltersBar({ filters, onChange }: ContentFiltersBarProps) {
  const wording = typeWording(filters.type);
  const set = (change: Partial<ContentFilters>) => onChange({ ...filters, ...change });

  return (
    <Grid
      templateColumns={{ base: '1fr', sm: 'repeat(2, minmax(0, 1fr))', xl: 'repeat(4, minmax(0, 1fr))' }}
      gap="4"
      p={{ base: '4', md: '5' }}
      bg="rgba(18, 15, 20, 0.75)"
      borderWidth="1px"
      borderColor="whiteAlpha.100"
      borderRadius="2xl"
    >
      <SelectField<TitleType>
        label="Type"
        value={filters.type}
        options={TYPE_OPTIONS}
        onChange={(type) => set({ type })}
      />
      <FilterField label="Search" span>
        <InputGroup startElement={<LuSearch />}>
          <Input
            type="search"
            placeholder={wording.searchPlaceholder}
            value={filters.search}
            onChange={(event) => set({ search: event.target.value })}
            {...fieldStyle}
          />
        </InputGroup>
      </FilterField>
      <SelectField<VisibilityFilter>
        label="Visibility"
        value={filters.hidden}
        options={VISIBILITY_OPTIONS}
        onChange={(hidden) => set({ hidden })}
      />
      <SelectField<ContentSort>
        label="Sort By"
        value={filters.sortBy}
        options={SORT_OPTIONS}
        onChange={(sortBy) => set({ sortBy })}
      />
      <Field.Root gridColumn={{ xl: 'span 2' }}>
        {/* The visible label names the pair; each input carries its own name (from / to). */}
        <Field.Label {...labelStyle}>{wording.dateLabel}</Field.Label>
        <HStack role="group" aria-label={wording.dateLabel} gap="2" w="full">
          <Input
            type="date"
            aria-label={`${wording.dateLabel} from`}
            value={filters.dateFrom}
            max={filters.dateTo || undefined}
            onChange={(event) => set({ dateFrom: event.target.value })}
            {...fieldStyle}
          />
          <Text color="fg.subtle" textStyle="sm" flexShrink={0}>
            to
          </Text>
          <Input
            type="date"
            aria-label={`${wording.dateLabel} to`}
            value={filters.dateTo}
            min={filters.dateFrom || undefined}
            onChange={(event) => set({ dateTo: event.target.value })}
            {...fieldStyle}
          />
        </HStack>
      </Field.Root>
    </Grid>
  );
}
