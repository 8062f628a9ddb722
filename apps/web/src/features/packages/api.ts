import type { Package, PackageBody, PackageListItem } from '@kora/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';

/** Whether a listed package carries the members' settings fields (always, for a member's list). */
const withSettings = (p: PackageListItem): p is Package =>
  p.allowPause !== undefined && p.skipLimit !== undefined && p.isActive !== undefined;

/**
 * Every unarchived package of the academy, under the key the Add Player wizard reads too. A member
 * always gets the settings fields (`isActive`, `allowPause`, `skipLimit`); only the public list by
 * handle leaves them out.
 */
export const packagesQuery = queryOptions({
  queryKey: ['packages'],
  queryFn: async () => (await call('listPackages', { query: {} })).filter(withSettings),
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
