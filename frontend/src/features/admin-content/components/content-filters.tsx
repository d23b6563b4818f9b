import { Field, Grid, HStack, Input, InputGroup, Text } from '@chakra-ui/react';
import type { TitleType } from '@cinefold/contracts';
import type { ReactNode } from 'react';
import { LuSearch } from 'react-icons/lu';
import { DateInput } from '../../../components/ui/date-input';
import { SelectField } from '../../../components/ui/select-field';
import {
  type ContentFilters,
  type ContentSort,
  SORT_OPTIONS,
  TYPE_OPTIONS,
  typeWording,
  VISIBILITY_OPTIONS,
  type VisibilityFilter,
} from '../content-query';
import { fieldLook } from '../../../components/ui/field-look';
import { filterBarLook } from '../../../components/ui/panel-look';

export interface ContentFiltersBarProps {
  readonly filters: ContentFilters;
  readonly onChange: (filters: ContentFilters) => void;
}

const fieldStyle = fieldLook;

const labelStyle = {
  color: 'fg.subtle',
  textStyle: 'xs',
  textTransform: 'uppercase',
  letterSpacing: '0.12em',
} as const;

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
      templateColumns={{
        base: 'minmax(0, 1fr)',
        sm: 'repeat(2, minmax(0, 1fr))',
        xl: 'repeat(4, minmax(0, 1fr))',
      }}
      gap="4"
      p={{ base: '4', md: '5' }}
      {...filterBarLook}
    >
      <SelectField<TitleType>
        label="Type"
        value={filters.type}
        options={TYPE_OPTIONS}
        onChange={(type) => set({ type })}
        labelStyle={labelStyle}
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
        labelStyle={labelStyle}
      />
      <SelectField<ContentSort>
        label="Sort By"
        value={filters.sortBy}
        options={SORT_OPTIONS}
        onChange={(sortBy) => set({ sortBy })}
        labelStyle={labelStyle}
      />
      <Field.Root gridColumn={{ xl: 'span 2' }}>
        {/* The visible label names the pair; each input carries its own name (from / to). */}
        <Field.Label {...labelStyle}>{wording.dateLabel}</Field.Label>
        <HStack role="group" aria-label={wording.dateLabel} gap="2" w="full">
          <DateInput
            aria-label={`${wording.dateLabel} from`}
            value={filters.dateFrom}
            max={filters.dateTo}
            onChange={(dateFrom) => set({ dateFrom })}
            minW="0"
            {...fieldStyle}
          />
          <Text color="fg.subtle" textStyle="sm" flexShrink={0}>
            to
          </Text>
          <DateInput
            aria-label={`${wording.dateLabel} to`}
            value={filters.dateTo}
            min={filters.dateFrom}
            onChange={(dateTo) => set({ dateTo })}
            minW="0"
            {...fieldStyle}
          />
        </HStack>
      </Field.Root>
    </Grid>
  );
}
