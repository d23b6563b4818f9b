import { Box, Button, Center, Grid, Spinner, Stack, Text } from '@chakra-ui/react';
import type { AdminAd } from '@cinefold/contracts';
import { useState } from 'react';
import { LuPlus } from 'react-icons/lu';
import { useDeleteAd } from '../api/delete-ad';
import { useAdminAds } from '../api/get-admin-ads';
import { useSaveAd } from '../api/save-ad';
import { AdCard } from './ad-card';
import { AdFormDialog } from './ad-form-dialog';
import { AdminPageHeader } from '../../../components/ui/admin-page-header';
import { panelCardLook } from '../../../components/ui/panel-look';

const DELETE_QUESTION = 'Are you sure you want to delete this ad?';

/** The form's state: closed, a new ad, or an ad being edited. */
type Editing = { readonly ad: AdminAd | null } | null;

/** The back office's ads (spec section 2): the card grid, the toggle, deletion and the form. */
export function AdminAdsManager() {
  const ads = useAdminAds();
  const toggle = useSaveAd();
  const remove = useDeleteAd();
  const [editing, setEditing] = useState<Editing>(null);

  const onToggle = (ad: AdminAd) =>
    // Spec section 4: the whole ad is sent with the flag flipped.
    toggle.mutate(
      { id: ad.id, ad: { ...ad, active: !ad.active } },
      { onError: () => window.alert('Failed to update ad') },
    );

  const onDelete = (ad: AdminAd) => {
    if (!window.confirm(DELETE_QUESTION)) return;
    remove.mutate(ad.id, { onError: () => window.alert('Failed to delete ad') });
  };

  const busyAdId = toggle.isPending ? toggle.variables.id : remove.isPending ? remove.variables : null;
  const create = () => setEditing({ ad: null });

  return (
    <Stack gap="6">
      <AdminPageHeader
        title="Manage Ads"
        description="Banners and network ads in the site’s slots, with how they perform."
      >
        <Button onClick={create} alignSelf={{ md: 'end' }}>
          <LuPlus />
          Create Ad
        </Button>
      </AdminPageHeader>

      {ads.isPending ? (
        <Center py="20" role="status" aria-label="Loading ads">
          <Spinner size="lg" color="brand.500" />
        </Center>
      ) : ads.isError ? (
        <Stack align="center" gap="4" py="16" textAlign="center">
          <Text color="fg.muted">The ads could not be loaded.</Text>
          <Button variant="outline" onClick={() => void ads.refetch()}>
            Try again
          </Button>
        </Stack>
      ) : ads.data.length === 0 ? (
        <Box py="16" textAlign="center" {...panelCardLook}>
          <Stack align="center" gap="4">
            <Text color="fg.muted">No ads created yet</Text>
            <Button variant="outline" onClick={create}>
              Create Your First Ad
            </Button>
          </Stack>
        </Box>
      ) : (
        <Grid
          templateColumns={{ base: '1fr', md: 'repeat(2, minmax(0, 1fr))', xl: 'repeat(3, minmax(0, 1fr))' }}
          gap="5"
        >
          {ads.data.map((ad) => (
            <AdCard
              key={ad.id}
              ad={ad}
              busy={busyAdId === ad.id}
              onToggle={() => onToggle(ad)}
              onEdit={() => setEditing({ ad })}
              onDelete={() => onDelete(ad)}
            />
          ))}
        </Grid>
      )}

      {editing && <AdFormDialog ad={editing.ad} onClose={() => setEditing(null)} />}
    </Stack>
  );
}
