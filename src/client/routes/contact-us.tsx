import { CONTACT_THANKS, contactSchema } from '../../shared/contact.ts';
import { FormField, TextAreaField } from '../components/form-field.tsx';
import { PageTitle } from '../components/page-title.tsx';
import { useToast } from '../components/toaster.tsx';
import { SUPPORT_CONTACT, SUPPORT_CONTACT_HREFS } from '../lib/contact.ts';
import { request } from '../lib/api.ts';
import { apiPaths } from '../lib/paths.ts';
import { errorMessage, useForm } from '../lib/use-form.ts';

/** spec §2: name, email and message required, subject optional; sent to support (issue 19). */

const EMPTY = { name: '', email: '', subject: '', message: '' };

export default function ContactUs() {
  const toast = useToast();
  const form = useForm(contactSchema, EMPTY);
  const submit = form.handleSubmit(async (input) => {
    try {
      await request('POST', apiPaths.contact, input);
      toast.success(CONTACT_THANKS);
      form.reset();
    } catch (error) {
      toast.error(errorMessage(error));
    }
  });

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
            <dd>
              <a href={SUPPORT_CONTACT_HREFS.email} className="link">
                {SUPPORT_CONTACT.email}
              </a>
            </dd>
          </div>
          <div>
            <dt className="font-semibold">Phone</dt>
            <dd>
              <a href={SUPPORT_CONTACT_HREFS.phone} className="link">
                {SUPPORT_CONTACT.phone}
              </a>
            </dd>
          </div>
          <div>
            <dt className="font-semibold">Location</dt>
            <dd>{SUPPORT_CONTACT.location}</dd>
          </div>
        </dl>
      </section>
      <form noValidate onSubmit={submit} className="card bg-base-200" aria-label="Contact form">
        <div className="card-body gap-3">
          <FormField label="Name" {...form.field('name')} required autoComplete="name" />
          <FormField
            label="Email"
            type="email"
            {...form.field('email')}
            required
            autoComplete="email"
          />
          <FormField label="Subject (optional)" {...form.field('subject')} />
          <TextAreaField label="Message" className="h-32" required {...form.field('message')} />
          <button type="submit" className="btn btn-primary mt-2">
            Send Message
          </button>
        </div>
      </form>
    </div>
  );
}
