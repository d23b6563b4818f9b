import { Stack } from '@chakra-ui/react';
import { SitePageHead } from '../../components/ui/site-page-head';
import { DatasetImportForm } from '../../features/admin-datasets/components/dataset-import-form';
import { AdminPageHeader } from '../../components/ui/admin-page-header';

export function AdminDatasetsPage() {
  return (
    <>
      <SitePageHead page="adminDatasets" />
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
