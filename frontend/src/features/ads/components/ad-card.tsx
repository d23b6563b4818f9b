import { Badge, Box, Center, Flex, HStack, Icon, IconButton, Image, Stack, Text } from '@chakra-ui/react';
import { type AdminAd, adPositionLabel } from '@cinefold/contracts';
import { LuImageOff, LuPencil, LuTrash2 } from 'react-icons/lu';
import { formatLongDate } from '../../../lib/dates';
import { formatCount } from '../../../lib/numbers';
import { clickThroughRate } from '../ad-stats';
import { useCreativeImage } from './ad-creative';
import { panelCardLook } from '../../../components/ui/panel-look';
import { ToggleButton } from '../../../components/ui/toggle-button';

export interface AdCardProps {
  readonly ad: AdminAd;
  readonly busy: boolean;
  readonly onToggle: () => void;
  readonly onEdit: () => void;
  readonly onDelete: () => void;
}

function Counter({ label, value }: { readonly label: string; readonly value: string }) {
  return (
    <Stack gap="0">
      <Text textStyle="xs" color="fg.subtle">
        {label}
      </Text>
      <Text fontWeight="semibold" fontVariantNumeric="tabular-nums">
        {value}
      </Text>
    </Stack>
  );
}

/**
 * The ad's picture, whole (a banner is not cropped to the card's shape), once it has loaded; one
 * that cannot load says so, instead of the browser's broken-image icon.
 */
function CardPicture({ ad }: { readonly ad: AdminAd }) {
  const image = useCreativeImage(ad.imageUrl);
  if (image.status === 'loading') return null;
  if (image.status === 'failed') {
    return (
      <Center h="full" flexDirection="column" gap="1" color="fg.subtle" textStyle="sm">
        <Icon as={LuImageOff} boxSize="6" />
        <Text>Image unavailable</Text>
      </Center>
    );
  }
  return <Image src={ad.imageUrl} alt={ad.title} w="full" h="full" p="2" objectFit="contain" />;
}

/** The ad's date window in words: both ends, one of them, or none. */
export function dateWindowText({ startDate, endDate }: Pick<AdminAd, 'startDate' | 'endDate'>): string {
  const start = formatLongDate(startDate);
  const end = formatLongDate(endDate);
  if (start && end) return `${start} – ${end}`;
  if (start) return `From ${start}`;
  if (end) return `Until ${end}`;
  return 'Every day';
}

/**
 * What the active toggle says: an active ad outside its date window is not shown, so it says
 * whether its window is still to come or has passed.
 */
const STATUS = {
  inactive: { label: 'Inactive', palette: 'gray' },
  running: { label: 'Active', palette: 'green' },
  scheduled: { label: 'Scheduled', palette: 'blue' },
  expired: { label: 'Expired', palette: 'orange' },
} as const;

/** One ad of the back office's grid (spec section 2), with its counters and actions. */
export function AdCard({ ad, busy, onToggle, onEdit, onDelete }: AdCardProps) {
  const status = STATUS[ad.active ? (ad.schedule ?? 'running') : 'inactive'];
  return (
    <Stack as="article" aria-label={ad.title} gap="0" {...panelCardLook} overflow="hidden">
      <Box position="relative" h="40" bg="blackAlpha.500">
        {ad.type === 'network' ? (
          <Center h="full" color="fg.muted" fontWeight="medium">
            {`Network Ad (${ad.provider ?? 'custom'})`}
          </Center>
        ) : (
          <CardPicture ad={ad} />
        )}
        {!ad.active && (
          <Center position="absolute" inset="0" bg="blackAlpha.700">
            <Badge colorPalette="gray" size="lg">
              Inactive
            </Badge>
          </Center>
        )}
      </Box>
      <Stack gap="3" p="5" flex="1">
        <Stack gap="1">
          <Text fontWeight="semibold" fontSize="lg" lineClamp={2}>
            {ad.title}
          </Text>
          {ad.description && (
            <Text color="fg.muted" textStyle="sm" lineClamp={3}>
              {ad.description}
            </Text>
          )}
        </Stack>
        <Stack gap="0.5" textStyle="sm">
          <Text>
            <Text as="span" color="fg.subtle">
              Position:{' '}
            </Text>
            {adPositionLabel(ad.position)}
          </Text>
          <Text>
            <Text as="span" color="fg.subtle">
              Provider:{' '}
            </Text>
            {ad.provider ?? 'none'}
          </Text>
          <Text>
            <Text as="span" color="fg.subtle">
              Dates:{' '}
            </Text>
            {dateWindowText(ad)}
          </Text>
        </Stack>
        <HStack gap="5" wrap="wrap">
          <Counter label="Impressions" value={formatCount(ad.impressions)} />
          <Counter label="Viewable" value={formatCount(ad.viewableImpressions)} />
          <Counter label="Clicks" value={formatCount(ad.clicks)} />
          <Counter label="CTR" value={`${clickThroughRate(ad.clicks, ad.impressions)}%`} />
        </HStack>
        <Flex mt="auto" pt="2" gap="2" align="center">
          <ToggleButton
            size="sm"
            pressed={ad.active}
            colorPalette={status.palette}
            onClick={onToggle}
            disabled={busy}
          >
            {status.label}
          </ToggleButton>
          <IconButton
            size="sm"
            variant="ghost"
            aria-label="Edit ad"
            title="Edit"
            onClick={onEdit}
            disabled={busy}
            ml="auto"
          >
            <LuPencil />
          </IconButton>
          <IconButton
            size="sm"
            variant="ghost"
            colorPalette="red"
            aria-label="Delete ad"
            title="Delete"
            onClick={onDelete}
            disabled={busy}
          >
            <LuTrash2 />
          </IconButton>
        </Flex>
      </Stack>
    </Stack>
  );
}
