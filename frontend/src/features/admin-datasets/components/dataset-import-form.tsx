import { Button, Field, Grid, Input, Progress, Stack, Text } from '@chakra-ui/react';
import type { ImportJobStatus, ImportMode, TitleType } from '@cinefold/contracts';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { LuUpload } from 'react-icons/lu';
import { FormError } from '../../../components/ui/form-error';
import type { SelectOption } from '../../../components/ui/option-select';
import { SelectField } from '../../../components/ui/select-field';
import { useUploadDataset } from '../api/upload-dataset';
import { fetchTitleCount } from '../api/get-title-count';
import { NO_FILE_MESSAGE, progressPercent, replaceQuestion, uploadErrorMessage } from '../import-job';
import { ImportResult } from './import-result';
import { fieldLook, fieldLabel } from '../../../components/ui/field-look';
import { panelCardLook } from '../../../components/ui/panel-look';

const TYPES: readonly SelectOption<TitleType>[] = [
  { value: 'movie', label: 'movie' },
  { value: 'tv', label: 'tv' },
];
const MODES: readonly SelectOption<ImportMode>[] = [
  { value: 'append', label: 'append' },
  { value: 'replace', label: 'replace' },
];

const fieldStyle = fieldLook;

const labelStyle = fieldLabel;

/** The 'Import Datasets' form (spec section 2): a CSV of movies or TV shows, appended or replacing. */
export function DatasetImportForm() {
  const [type, setType] = useState<TitleType>('movie');
  const [mode, setMode] = useState<ImportMode>('append');
  const [missingFile, setMissingFile] = useState(false);
  const [running, setRunning] = useState<ImportJobStatus | null>(null);
  const [asking, setAsking] = useState(false);
  const upload = useUploadDataset({ onProgress: setRunning });
  const following = useRef<AbortController | null>(null);
  // Leaving the page stops the polling; the import goes on on the server.
  useEffect(() => () => following.current?.abort(), []);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const file = new FormData(event.currentTarget).get('file');
    if (!(file instanceof File) || !file.name) {
      upload.reset();
      setMissingFile(true);
      return;
    }
    setMissingFile(false);
    if (mode === 'replace') void confirmThenUpload(file);
    else startUpload(file);
  };

  /** A replace wipes the type first: the admin is told how many titles go, and may say no. */
  const confirmThenUpload = async (file: File) => {
    setAsking(true);
    const count = await fetchTitleCount(type).catch(() => null);
    setAsking(false);
    if (count !== 0 && !window.confirm(replaceQuestion(type, count))) return;
    startUpload(file);
  };

  const startUpload = (file: File) => {
    setRunning(null);
    following.current?.abort();
    following.current = new AbortController();
    upload.mutate(
      { file, type, mode, signal: following.current.signal },
      { onSettled: () => setRunning(null) },
    );
  };

  const error = missingFile ? NO_FILE_MESSAGE : upload.isError ? uploadErrorMessage(upload.error) : null;
  const busy = upload.isPending || asking;
  const choice = <Value extends string>(
    label: string,
    name: string,
    value: Value,
    options: readonly SelectOption<Value>[],
    onChange: (value: Value) => void,
  ) => (
    <SelectField
      label={label}
      name={name}
      value={value}
      options={options}
      onChange={onChange}
      disabled={busy}
      labelStyle={labelStyle}
    />
  );

  return (
    <Stack gap="6">
      <form aria-label="Import Datasets" onSubmit={onSubmit} noValidate>
        <Stack gap="5" p={{ base: '5', md: '6' }} {...panelCardLook}>
          <Text color="fg.muted" textStyle="sm">
            Upload a CSV in the movie or TV schema. Append keeps the titles already there; replace first
            removes every title of the chosen type.
          </Text>

          <FormError message={error} />

          <Grid templateColumns={{ base: '1fr', md: 'repeat(2, minmax(0, 1fr))' }} gap="4">
            {choice('Type', 'type', type, TYPES, setType)}
            {choice('Mode', 'mode', mode, MODES, setMode)}
          </Grid>

          <Field.Root disabled={busy}>
            <Field.Label {...labelStyle}>CSV File</Field.Label>
            <Input
              type="file"
              name="file"
              accept=".csv"
              onChange={() => setMissingFile(false)}
              p="1.5"
              h="auto"
              cursor="pointer"
              {...fieldStyle}
              css={{
                '&::file-selector-button': {
                  marginInlineEnd: '0.75rem',
                  paddingInline: '0.9rem',
                  paddingBlock: '0.35rem',
                  border: 'none',
                  borderRadius: '0.375rem',
                  background: 'rgba(255, 255, 255, 0.1)',
                  color: 'inherit',
                  cursor: 'pointer',
                },
              }}
            />
            <Field.HelperText color="fg.subtle">Only .csv files.</Field.HelperText>
          </Field.Root>

          {busy && running && (
            <Progress.Root value={progressPercent(running)} colorPalette="brand" size="sm">
              <Progress.Label textStyle="sm" color="fg.muted" mb="1.5">
                {`Importing... ${progressPercent(running)}%`}
              </Progress.Label>
              <Progress.Track borderRadius="full">
                <Progress.Range />
              </Progress.Track>
            </Progress.Root>
          )}

          <Button type="submit" size="lg" alignSelf="start" disabled={busy}>
            <LuUpload />
            {busy ? 'Importing...' : 'Start Import'}
          </Button>
        </Stack>
      </form>

      {upload.isSuccess && <ImportResult job={upload.data} />}
    </Stack>
  );
}
