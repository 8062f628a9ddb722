// Why: every form validates with its contract schema and behaves the same — errors appear when it is sent and vanish as soon as they are corrected.
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef } from 'react';
import { type FieldValues, type UseFormProps, type UseFormReturn, useForm } from 'react-hook-form';
import type { z } from 'zod';

type Schema = z.ZodType<FieldValues, FieldValues>;
export type ZodForm<S extends Schema> = UseFormReturn<z.input<S>, unknown, z.output<S>>;

/**
 * react-hook-form with the schema's resolver, checking the fields when the form is sent and each
 * one on every change after that. Never on leaving a field: a message appearing then moves what
 * the pointer is on its way to ("Forgot password?" under an empty e-mail needed two clicks). A field
 * showing an error it got some other way before (a wizard step's check) is also checked on its
 * next change, so a corrected value never keeps its message.
 */
export function useZodForm<S extends Schema>(
  schema: S,
  options: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver' | 'mode' | 'reValidateMode'> = {},
): ZodForm<S> {
  const form = useForm<z.input<S>, unknown, z.output<S>>({
    ...options,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    resolver: zodResolver(schema),
  });
  const { watch, getFieldState, trigger } = form;
  // Read while rendering, so react-hook-form renders again when the form is sent.
  const submitted = useRef(false);
  submitted.current = form.formState.isSubmitted;
  useEffect(() => {
    const sub = watch((_values, { name, type }) => {
      if (type !== 'change' || !name) return;
      // Once the form was sent, react-hook-form re-checks changed fields itself.
      if (getFieldState(name).error && !submitted.current) void trigger(name);
    });
    return () => sub.unsubscribe();
  }, [watch, getFieldState, trigger]);
  return form;
}
