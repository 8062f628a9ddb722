// Why: every form validates with its contract schema and behaves the same — errors appear on leaving a field and vanish as soon as it is corrected.
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { type FieldValues, type UseFormProps, type UseFormReturn, useForm } from 'react-hook-form';
import type { z } from 'zod';

type Schema = z.ZodType<FieldValues, FieldValues>;
export type ZodForm<S extends Schema> = UseFormReturn<z.input<S>, unknown, z.output<S>>;

/**
 * react-hook-form with the schema's resolver, checking a field when it is first left and on every
 * change after that. A field showing an error it got some other way (a wizard step's check, the
 * server) is also checked on its next change, so a corrected value never keeps its message.
 */
export function useZodForm<S extends Schema>(
  schema: S,
  options: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver' | 'mode' | 'reValidateMode'> = {},
): ZodForm<S> {
  const form = useForm<z.input<S>, unknown, z.output<S>>({
    ...options,
    mode: 'onTouched',
    reValidateMode: 'onChange',
    resolver: zodResolver(schema as never) as never,
  });
  const { watch, getFieldState, trigger } = form;
  useEffect(() => {
    const sub = watch((_values, { name, type }) => {
      if (type !== 'change' || !name) return;
      const { error, isTouched } = getFieldState(name);
      // A touched field is re-checked on change by react-hook-form itself.
      if (error && !isTouched) void trigger(name);
    });
    return () => sub.unsubscribe();
  }, [watch, getFieldState, trigger]);
  return form;
}
