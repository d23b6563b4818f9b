import { Field, Flex, Heading, HStack, Icon, Spinner, Stack, Text } from '@chakra-ui/react';
import type { Season } from '@cinefold/contracts';
import { LuListVideo } from 'react-icons/lu';
import type { EpisodeChoice, PlayerServer } from '../player';
import { ServerButtons } from './player-panel';
import { OptionSelect } from '../../../components/ui/option-select';
import { panelCardLook } from '../../../components/ui/panel-look';

export interface EpisodePickerProps {
  readonly seasons: readonly Season[];
  /** The season list is still on its way. */
  readonly loading?: boolean;
  readonly choice: EpisodeChoice | null;
  readonly onChange: (choice: EpisodeChoice) => void;
  readonly server: PlayerServer;
  readonly onServerSelect: (server: PlayerServer) => void;
}

interface PickerSelectProps {
  readonly label: 'Season' | 'Episode';
  readonly value: number;
  /** The numbers to choose from, each shown after the label ('Season 2'). */
  readonly options: readonly number[];
  readonly onChange: (value: number) => void;
}

function PickerSelect({ label, value, options, onChange }: PickerSelectProps) {
  return (
    <Field.Root flex="1">
      <Field.Label color="fg.subtle" textStyle="xs" textTransform="uppercase" letterSpacing="0.12em">
        {label}
      </Field.Label>
      <OptionSelect
        size="lg"
        fieldProps={{ borderRadius: 'full' }}
        value={String(value)}
        options={options.map((number) => ({ value: String(number), label: `${label} ${number}` }))}
        onChange={(chosen) => onChange(Number(chosen))}
      />
    </Field.Root>
  );
}

/** The 'Select Episode' panel of a show: season, episode and player server. */
export function EpisodePicker({
  seasons,
  loading = false,
  choice,
  onChange,
  server,
  onServerSelect,
}: EpisodePickerProps) {
  const season = seasons.find((candidate) => candidate.season_number === choice?.season);
  const episodeCount = season?.episode_count ?? 0;
  return (
    <Stack
      as="section"
      aria-labelledby="select-episode"
      gap="5"
      p={{ base: '4', md: '6' }}
      {...panelCardLook}
    >
      <HStack gap="3">
        <Icon as={LuListVideo} boxSize="5" color="brand.500" />
        <Heading as="h2" id="select-episode" fontSize={{ base: 'lg', md: 'xl' }} fontWeight="semibold">
          Select Episode
        </Heading>
      </HStack>
      {loading ? (
        <HStack gap="3" color="fg.muted" role="status">
          <Spinner size="sm" color="brand.500" />
          <Text>Loading seasons…</Text>
        </HStack>
      ) : choice ? (
        <Flex direction={{ base: 'column', md: 'row' }} gap="4" align={{ base: 'stretch', md: 'end' }}>
          <PickerSelect
            label="Season"
            value={choice.season}
            options={seasons.map((option) => option.season_number)}
            onChange={(season) => onChange({ season, episode: choice.episode })}
          />
          <PickerSelect
            label="Episode"
            value={choice.episode}
            options={Array.from({ length: episodeCount }, (_, index) => index + 1)}
            onChange={(episode) => onChange({ season: choice.season, episode })}
          />
          <Stack gap="2">
            <Text
              color="fg.subtle"
              textStyle="xs"
              fontWeight="medium"
              textTransform="uppercase"
              letterSpacing="0.12em"
            >
              Server
            </Text>
            <ServerButtons server={server} onSelect={onServerSelect} />
          </Stack>
        </Flex>
      ) : (
        <Text color="fg.muted">No episodes are listed for this show yet.</Text>
      )}
    </Stack>
  );
}
