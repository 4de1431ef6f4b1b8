import { useState } from 'react';
import {
  OFFER_MESSAGE_MAX_LENGTH,
  offerInputSchema,
  type OfferInput,
} from '../../../shared/offers.ts';
import { FieldError, FormField, TextAreaField } from '../../components/form-field.tsx';
import { PanelForm } from '../../components/panel-form.tsx';
import { useForm } from '../../lib/use-form.ts';

export type OfferFormValues = {
  amount: string;
  message: string;
};

interface OfferFormProps {
  /** The form's accessible name. */
  name: string;
  initialValues: OfferFormValues;
  submitLabel: string;
  /** Resolves to why the offer was refused, to show under the form, or null when it went in. */
  onSubmit(input: OfferInput): Promise<string | null>;
  onCancel(): void;
}

/**
 * A price and a message (issue 9), checked in the browser with the shared schema (the budget's
 * rules for the price, first error per field) before anything is sent. The price field takes
 * the focus when the form opens.
 */
export function OfferForm({
  name,
  initialValues,
  submitLabel,
  onSubmit,
  onCancel,
}: OfferFormProps) {
  const form = useForm(offerInputSchema, initialValues);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = form.handleSubmit(async (input) => setProblem(await onSubmit(input)));
  return (
    <PanelForm
      name={name}
      submitLabel={submitLabel}
      isSubmitting={form.isSubmitting}
      onSubmit={submit}
      onCancel={onCancel}
    >
      <FormField
        label="Your price (USD)"
        type="number"
        min={0}
        step="0.01"
        inputMode="decimal"
        required
        autoFocus
        {...form.field('amount')}
      />
      <TextAreaField
        label="Message"
        required
        maxLength={OFFER_MESSAGE_MAX_LENGTH}
        className="h-32"
        hint={`What you would do and by when, up to ${OFFER_MESSAGE_MAX_LENGTH.toLocaleString('en-US')} characters. Only the poster sees your price and message.`}
        {...form.field('message')}
      />
      <FieldError message={problem} />
    </PanelForm>
  );
}
