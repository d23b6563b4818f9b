import { Box, Button, Field, Heading, Input, Progress, Stack, Text } from '@chakra-ui/react';
import {
  type ListFileRow,
  type ListImportPreview,
  type ListImportStatus,
  type ListImportTarget,
} from '@cinefold/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { FormError, FormNotice } from '../../../components/ui/form-error';
import { SelectField } from '../../../components/ui/select-field';
import { errorMessageOf } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/auth-context';
import { PasswordInput } from '../../../components/ui/password-input';
import { libraryKeys } from '../api/library-keys';
import {
  deleteAccount,
  downloadExport,
  notFoundCsv,
  previewListFile,
  saveFile,
  startListImport,
  waitForListImport,
} from '../api/my-data';
import { useAccountForm } from '../../../hooks/use-account-form';
import { ProfileSection, SectionCard } from '../../../components/ui/section-card';

const LISTS: readonly { value: ListImportTarget; label: string }[] = [
  { value: 'history', label: 'Watch History' },
  { value: 'watchlist', label: 'Watchlist' },
  { value: 'favorites', label: 'Favorites' },
];
const LIST_NAMES: Record<ListImportTarget, string> = {
  history: 'watch history',
  watchlist: 'watchlist',
  favorites: 'favorites',
};
const FORMAT_NAMES = { letterboxd: 'Letterboxd', imdb: 'IMDb', trakt: 'Trakt' } as const;

const nameOf = (row: { title: string; year: string | null }) =>
  row.year ? `${row.title} (${row.year})` : row.title;

/** The preview: what matched, what needs a choice, what the catalogue has not got. */
interface PreviewSectionProps {
  readonly id: string;
  readonly title: string;
  /** How many rows the section holds; none, and it is not shown. */
  readonly count: number;
  readonly gap: string;
  readonly children: ReactNode;
}

/** One group of the preview's rows (matched, to choose, not found), titled with its count. */
function PreviewSection({ id, title, count, gap, children }: PreviewSectionProps) {
  if (count === 0) return null;
  return (
    <Stack as="section" aria-labelledby={id} gap={gap}>
      <Heading as="h4" id={id} fontSize="md">
        {`${title} (${count})`}
      </Heading>
      {children}
    </Stack>
  );
}

/** The names of a preview's rows, a short scrolling list. */
function PreviewNames({ names }: { readonly names: readonly { line: number; name: string }[] }) {
  return (
    <Box as="ul" ps="5" maxH="48" overflowY="auto" textStyle="sm" color="fg.muted">
      {names.map((row) => (
        <li key={row.line}>{row.name}</li>
      ))}
    </Box>
  );
}

function PreviewView({
  preview,
  choices,
  onChoose,
}: {
  readonly preview: ListImportPreview;
  readonly choices: Record<string, string>;
  readonly onChoose: (line: number, choice: string) => void;
}) {
  const of = (status: ListFileRow['status']) => preview.rows.filter((r) => r.status === status);
  const matched = of('matched');
  const ambiguous = of('ambiguous');
  const notFound = of('not-found');
  return (
    <Stack gap="5" aria-label="Import preview" role="region">
      <Text>
        {`${FORMAT_NAMES[preview.format]} file: ${preview.counts.matched} matched, ${preview.counts.ambiguous} to choose, ${preview.counts.notFound} not found.`}
      </Text>
      <PreviewSection id="preview-matched" title="Matched" count={matched.length} gap="2">
        <PreviewNames names={matched.map((row) => ({ line: row.line, name: nameOf(row.candidates[0]!) }))} />
      </PreviewSection>
      <PreviewSection id="preview-ambiguous" title="Choose" count={ambiguous.length} gap="3">
        {ambiguous.map((row) => (
          <Box
            as="fieldset"
            key={row.line}
            borderWidth="1px"
            borderColor="whiteAlpha.200"
            borderRadius="lg"
            p="3"
          >
            <Box as="legend" px="1" fontWeight="medium">{`${nameOf(row)}: which one?`}</Box>
            <Stack gap="1" textStyle="sm">
              {row.candidates.map((c) => {
                const value = `${c.contentType}:${c.contentId}`;
                return (
                  <label key={value}>
                    <input
                      type="radio"
                      name={`choice-${row.line}`}
                      value={value}
                      checked={choices[row.line] === value}
                      onChange={() => onChoose(row.line, value)}
                    />{' '}
                    {`${nameOf(c)}${c.contentType === 'tv' ? ', TV show' : ''}`}
                  </label>
                );
              })}
              <label>
                <input
                  type="radio"
                  name={`choice-${row.line}`}
                  value=""
                  checked={!choices[row.line]}
                  onChange={() => onChoose(row.line, '')}
                />{' '}
                Leave it out
              </label>
            </Stack>
          </Box>
        ))}
      </PreviewSection>
      <PreviewSection id="preview-not-found" title="Not found" count={notFound.length} gap="2">
        <PreviewNames names={notFound.map((row) => ({ line: row.line, name: nameOf(row) }))} />
        <Button
          size="sm"
          variant="outline"
          alignSelf="start"
          onClick={() => saveFile('not-found.csv', new Blob([notFoundCsv(notFound)], { type: 'text/csv' }))}
        >
          Download the titles not found
        </Button>
      </PreviewSection>
    </Stack>
  );
}

function ImportListForm() {
  const queryClient = useQueryClient();
  const [list, setList] = useState<ListImportTarget>('watchlist');
  const [problem, setProblem] = useState<string | null>(null);
  const [choices, setChoices] = useState<Record<string, string>>({});
  const [running, setRunning] = useState<ListImportStatus | null>(null);
  const preview = useMutation({
    mutationFn: ({ file, list }: { file: File; list: ListImportTarget }) => previewListFile(file, list),
    onSuccess: () => setChoices({}),
  });
  const run = useMutation({
    mutationFn: async (previewId: string) => {
      const started = await startListImport(previewId, choices);
      return waitForListImport(started, setRunning);
    },
    onSettled: () => {
      setRunning(null);
      void queryClient.invalidateQueries({ queryKey: libraryKeys.all });
    },
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const file = new FormData(event.currentTarget).get('file');
    run.reset();
    if (!(file instanceof File) || !file.name) {
      preview.reset();
      setProblem('Please choose a file to import.');
      return;
    }
    setProblem(null);
    preview.mutate({ file, list });
  };

  const shown = preview.data;
  const toImport = shown ? shown.counts.matched + Object.values(choices).filter(Boolean).length : 0;
  const done = run.data;
  const doneMessage =
    done?.state === 'completed' && shown
      ? `Added ${done.added} ${done.added === 1 ? 'title' : 'titles'} to your ${LIST_NAMES[shown.list]}${done.kept > 0 ? ` (${done.kept} already there)` : ''}.`
      : null;
  const error =
    problem ??
    (preview.isError ? errorMessageOf(preview.error, 'Could not read the file. Please try again.') : null) ??
    (run.isError ? errorMessageOf(run.error, 'The import failed. Please try again.') : null) ??
    (done?.state === 'failed' ? (done.message ?? 'The import failed. Please try again.') : null);

  return (
    <Stack gap="5">
      <form onSubmit={onSubmit} aria-labelledby="my-data-import" noValidate>
        <Stack gap="4">
          <Text color="fg.muted" textStyle="sm">
            Bring a list from a Letterboxd export (watched.csv, watchlist.csv, ratings.csv), an IMDb list or
            ratings export (CSV), or a Trakt export (JSON). You will see what matches before anything is
            added; titles already in the list are not added twice.
          </Text>
          <FormError message={error} />
          <FormNotice message={doneMessage} />
          <SelectField label="Import into" name="list" value={list} options={LISTS} onChange={setList} />
          <Field.Root>
            <Field.Label fontWeight="medium" color="fg.muted">
              Export file
            </Field.Label>
            <Input
              type="file"
              name="file"
              accept=".csv,.json"
              p="1.5"
              h="auto"
              onChange={() => setProblem(null)}
            />
          </Field.Root>
          <Button type="submit" alignSelf="start" loading={preview.isPending} loadingText="Reading...">
            Preview
          </Button>
        </Stack>
      </form>
      {shown && !done && (
        <Stack gap="4">
          <PreviewView
            preview={shown}
            choices={choices}
            onChoose={(line, choice) => setChoices((before) => ({ ...before, [line]: choice }))}
          />
          {running && (
            <Progress.Root value={running.progress} colorPalette="brand" size="sm">
              <Progress.Label textStyle="sm" color="fg.muted" mb="1.5">
                {`Importing... ${running.progress}%`}
              </Progress.Label>
              <Progress.Track borderRadius="full">
                <Progress.Range />
              </Progress.Track>
            </Progress.Root>
          )}
          <Button
            alignSelf="start"
            disabled={toImport === 0}
            loading={run.isPending}
            loadingText="Importing..."
            onClick={() => run.mutate(shown.previewId)}
          >
            {`Import ${toImport} ${toImport === 1 ? 'title' : 'titles'}`}
          </Button>
        </Stack>
      )}
    </Stack>
  );
}

const EXPORTS = [
  { label: 'Watchlist (CSV)', path: '/user/export.csv?list=watchlist', file: 'cinefold-watchlist.csv' },
  { label: 'Favorites (CSV)', path: '/user/export.csv?list=favorites', file: 'cinefold-favorites.csv' },
  { label: 'Watch History (CSV)', path: '/user/export.csv?list=history', file: 'cinefold-history.csv' },
  { label: 'Everything (JSON)', path: '/user/export.json', file: 'cinefold-my-data.json' },
] as const;

function DownloadData() {
  const download = useMutation({
    mutationFn: (e: (typeof EXPORTS)[number]) => downloadExport(e.path, e.file),
  });
  return (
    <Stack gap="4">
      <Text color="fg.muted" textStyle="sm">
        Your lists as CSV in Letterboxd&apos;s import format (Title, Year, tmdbID, WatchedDate), or everything
        we keep about you as JSON.
      </Text>
      <FormError message={download.isError ? errorMessageOf(download.error, 'The download failed.') : null} />
      <Stack direction={{ base: 'column', sm: 'row' }} gap="3" wrap="wrap">
        {EXPORTS.map((e) => (
          <Button key={e.file} variant="outline" size="sm" onClick={() => download.mutate(e)}>
            {e.label}
          </Button>
        ))}
      </Stack>
    </Stack>
  );
}

function DeleteAccount() {
  const { logout } = useAuth();
  const remove = useMutation({ mutationFn: deleteAccount, onSuccess: () => logout() });
  const { onSubmit, message } = useAccountForm(remove, {
    failed: 'Could not delete your account.',
    send: (field) => field('password'),
  });
  return (
    <form onSubmit={onSubmit} aria-labelledby="my-data-delete">
      <Stack gap="4">
        <Text color="fg.muted" textStyle="sm">
          Your account, lists and watch history are erased and you are signed out everywhere. This cannot be
          undone. The Privacy page says what is kept.
        </Text>
        <FormError message={message} />
        <Field.Root required>
          <Field.Label fontWeight="medium" color="fg.muted">
            Your Password
          </Field.Label>
          <PasswordInput name="password" autoComplete="current-password" bg="blackAlpha.400" />
        </Field.Root>
        <Button
          type="submit"
          colorPalette="red"
          alignSelf="start"
          loading={remove.isPending}
          loadingText="Deleting..."
        >
          Delete My Account
        </Button>
      </Stack>
    </form>
  );
}

/** The member's own data on the profile: lists in from files, everything out, the account closed. */
export function MyDataPanel() {
  return (
    <ProfileSection id="my-data" title="Your Data">
      <Box display="grid" gridTemplateColumns={{ base: '1fr', lg: 'minmax(0, 2fr) minmax(0, 1fr)' }} gap="5">
        <SectionCard id="my-data-import" title="Import a List">
          <ImportListForm />
        </SectionCard>
        <Stack gap="5">
          <SectionCard id="my-data-download" title="Download My Data">
            <DownloadData />
          </SectionCard>
          <SectionCard id="my-data-delete" title="Delete My Account">
            <DeleteAccount />
          </SectionCard>
        </Stack>
      </Box>
    </ProfileSection>
  );
}
