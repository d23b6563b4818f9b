import { Stack } from '@chakra-ui/react';
import { siteName } from '../../config/site';
import { DatasetImportForm } from '../../features/admin-datasets/components/dataset-import-form';
import { AdminPageHeader } from '../../components/ui/admin-page-header';

export function AdminDatasetsPage() {
  return (
    <>
      <title>{`Datasets · Admin · ${siteName}`}</title>
      <Stack gap="6">
        <AdminPageHeader
          title="Import Datasets"
          description="Seed the catalogue with movies or TV shows from a CSV file."
        />
        <DatasetImportForm />
      </Stack>
    </>
  );
}
