// Why: Money and Progress are both about one child at a time: the page's title, the picker of the
// parent's children (its choice in `?child=`), then that child's part, or a word when there is none.
import { useQuery } from '@tanstack/react-query';
import type { ComponentType, ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { EmptyState } from '../../components/States';
import { familyMeQuery } from './api';
import { ChildPicker, PageTitle, useChosenChild } from './parts';

/**
 * A family page about the chosen child (the first without a choice); its part is keyed by the child, so a switch
 * starts afresh. `lead`, about the whole family, comes before the picker and stays as it is when another child is picked.
 */
export function ChildPage({
  title,
  to,
  chosen,
  part: Part,
  lead,
}: {
  title: ReactNode;
  to: '/family/progress' | '/family/money';
  chosen: string | undefined;
  part: ComponentType<{ childId: string }>;
  lead?: ReactNode;
}) {
  const me = useQuery(familyMeQuery);
  const children = me.data?.children ?? [];
  const child = useChosenChild(children, chosen);
  return (
    <>
      <PageTitle>{title}</PageTitle>
      {lead}
      <ChildPicker items={children} current={child?.id} to={to} />
      {child ? (
        <Part key={child.id} childId={child.id} />
      ) : (
        <EmptyState>
          <FormattedMessage id="family.home.noChildren" />
        </EmptyState>
      )}
    </>
  );
}
