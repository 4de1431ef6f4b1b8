import { useState, type FormEvent } from 'react';
import { z } from 'zod';
import { emailSchema } from '../../shared/accounts.ts';
import { BRAND } from '../../shared/brand.ts';
import { FormField, TextAreaField } from '../components/form-field.tsx';
import { PageTitle } from '../components/page-title.tsx';
import { useToast } from '../components/toaster.tsx';
import { SUPPORT_CONTACT } from '../lib/contact.ts';
import { fieldErrors, type FieldErrors } from '../lib/form-errors.ts';

export const CONTACT_THANKS = `Thanks for contacting ${BRAND}!`;

/** spec §2: name, email and message required, subject optional; submitting sends nothing. */
const contactSchema = z.object({
  name: z.string().trim().min(1, 'Name is required.'),
  email: emailSchema,
  subject: z.string().optional(),
  message: z.string().trim().min(1, 'Message is required.'),
});

const EMPTY = { name: '', email: '', subject: '', message: '' };

export default function ContactUs() {
  const toast = useToast();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const set = (field: keyof typeof EMPTY) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    const problems = fieldErrors(contactSchema, values);
    setErrors(problems ?? {});
    if (problems) return;
    toast.success(CONTACT_THANKS);
    setValues(EMPTY);
  }

  return (
    <div className="grid gap-10 md:grid-cols-2">
      <PageTitle name="Contact Us" />
      <section className="space-y-4">
        <h1 className="text-4xl font-bold">Contact Us</h1>
        <p>
          Questions about a task, a bid or your account? Write to us and we will get back to you.
        </p>
        <dl className="space-y-2">
          <div>
            <dt className="font-semibold">Support email</dt>
            <dd>{SUPPORT_CONTACT.email}</dd>
          </div>
          <div>
            <dt className="font-semibold">Phone</dt>
            <dd>{SUPPORT_CONTACT.phone}</dd>
          </div>
          <div>
            <dt className="font-semibold">Location</dt>
            <dd>{SUPPORT_CONTACT.location}</dd>
          </div>
        </dl>
      </section>
      <form noValidate onSubmit={submit} className="card bg-base-200" aria-label="Contact form">
        <div className="card-body gap-3">
          <FormField
            label="Name"
            name="name"
            value={values.name}
            onChange={set('name')}
            error={errors.name}
            required
            autoComplete="name"
          />
          <FormField
            label="Email"
            name="email"
            type="email"
            value={values.email}
            onChange={set('email')}
            error={errors.email}
            required
            autoComplete="email"
          />
          <FormField
            label="Subject (optional)"
            name="subject"
            value={values.subject}
            onChange={set('subject')}
          />
          <TextAreaField
            label="Message"
            name="message"
            className="h-32"
            required
            value={values.message}
            error={errors.message}
            onChange={set('message')}
          />
          <button type="submit" className="btn btn-primary mt-2">
            Send Message
          </button>
        </div>
      </form>
    </div>
  );
}
