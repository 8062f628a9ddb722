import type { CollectionSettingsBody, Package, PackageBody } from '@kora/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';

/**
 * Every unarchived package of the academy with its settings (`isActive`, `allowPause`,
 * `skipLimit`), the members' list, under the key the Add Player wizard reads too.
 */
export const packagesQuery = queryOptions({
  queryKey: ['packages'],
  queryFn: () => call('listPackages'),
});

/** Changes of Settings → Packages; each refreshes the list (the toggle also puts its answer in place at once). */
export function usePackageMutations() {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: packagesQuery.queryKey });
  const replace = (pkg: Package) => qc.setQueryData(packagesQuery.queryKey, (list) => list?.map((p) => (p.id === pkg.id ? pkg : p)));
  return {
    create: useMutation({ mutationFn: (body: PackageBody) => call('createPackage', { body }), onSuccess: refresh }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: string; body: PackageBody }) => call('updatePackage', { params: { id }, body }),
      onSuccess: refresh,
    }),
    remove: useMutation({ mutationFn: (id: string) => call('deletePackage', { params: { id } }), onSuccess: refresh }),
    toggle: useMutation({
      mutationFn: ({ id, isActive }: { id: string; isActive: boolean }) => call('togglePackage', { params: { id }, body: { isActive } }),
      onSuccess: (pkg) => {
        replace(pkg);
        return refresh();
      },
    }),
  };
}

/** Automatic renewals: the retry schedule, the grace days and which packages renew themselves with a saved card. */
export const collectionSettingsQuery = queryOptions({
  queryKey: ['collection-settings'],
  queryFn: () => call('getCollectionSettings'),
});

export function useSaveCollectionSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CollectionSettingsBody) => call('updateCollectionSettings', { body }),
    onSuccess: (saved) => {
      qc.setQueryData(collectionSettingsQuery.queryKey, saved);
      return qc.invalidateQueries({ queryKey: packagesQuery.queryKey });
    },
  });
}
