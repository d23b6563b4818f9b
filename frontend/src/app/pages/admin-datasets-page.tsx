import { Heading, Stack, Text } from '@chakra-ui/react';
import { siteName } from '../../config/site';
import { DatasetImportForm } from '../../features/admin-datasets/components/dataset-import-form';

export function AdminDatasetsPage() {
  return (
    <>
      <title>{`Datasets · Admin · ${siteName}`}</title>
      <Stack gap="6">
        <Stack gap="1">
          <Heading as="h1" textStyle="display" fontSize={{ base: '3xl', md: '4xl' }}>
            Import Datasets
          </Heading>
          <Text color="fg.muted">Seed the catalogue with movies or TV shows from a CSV file.</Text>
        </Stack>
        <DatasetImportForm />
      </Stack>
    </>
  );
}
