import { useEffect, useId, useState } from 'react';
import {
  ABOUT_MAX_LENGTH,
  FREELANCER_PROFILE_MESSAGES,
  freelancerProfileInputSchema,
  HEADLINE_MAX_LENGTH,
  PROFILE_LINK_KINDS,
  PROFILE_LINK_LABELS,
  RATE_UNIT_LABELS,
  RATE_UNITS,
  SKILLS_MAX,
  type FreelancerProfile,
  type ProfileLinkKind,
  type RateUnit,
} from '../../shared/freelancer-profiles.ts';
import {
  FieldError,
  FormField,
  SelectField,
  SubmitButton,
  TextAreaField,
} from '../components/form-field.tsx';
import { PageTitle } from '../components/page-title.tsx';
import { SkillsPicker } from '../components/skills-picker.tsx';
import { useToast } from '../components/toaster.tsx';
import { freelancerProfileApi } from '../features/profiles/freelancer-profile-api.ts';
import { Link } from '../lib/link.tsx';
import { paths } from '../lib/paths.ts';
import { useRouteData } from '../lib/route-data.ts';
import { useSession } from '../lib/session.tsx';
import { errorMessage, useForm } from '../lib/use-form.ts';

type Values = {
  headline: string;
  about: string;
  rateAmount: string;
  rateUnit: string;
  languages: string;
  timeZone: string;
  available: string;
  matchAlerts: string;
} & Record<`link_${ProfileLinkKind}`, string>;

const valuesOf = (profile: FreelancerProfile): Values => ({
  headline: profile.headline ?? '',
  about: profile.about ?? '',
  rateAmount: profile.rate ? String(profile.rate.amount) : '',
  rateUnit: profile.rate?.unit ?? 'fixed',
  languages: profile.languages.join(', '),
  timeZone: profile.timeZone ?? '',
  available: profile.available ? 'yes' : '',
  matchAlerts: profile.matchAlerts ? 'yes' : '',
  ...(Object.fromEntries(
    PROFILE_LINK_KINDS.map((kind) => [`link_${kind}`, profile.links[kind] ?? '']),
  ) as Record<`link_${ProfileLinkKind}`, string>),
});

const TIME_ZONES: readonly string[] =
  typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];

/**
 * /dashboard/freelancer-profile (issue 50): what a freelancer says of themselves, on a page of
 * its own beside the spec's Edit Profile: headline, about, skills (suggested from each
 * category's list, or typed), a rate, languages, time zone, links and "available now".
 */
export default function DashboardFreelancerProfile() {
  const profile = useRouteData('freelancer-profile', () => freelancerProfileApi.mine());
  const { user } = useSession();
  return user ? <FreelancerProfileForm profile={profile} userId={user.id} /> : null;
}

function FreelancerProfileForm({
  profile,
  userId,
}: {
  profile: FreelancerProfile;
  userId: string;
}) {
  const toast = useToast();
  const form = useForm(freelancerProfileInputSchema, valuesOf(profile));
  const [skills, setSkills] = useState<string[]>(profile.skills);
  const [suggestions, setSuggestions] = useState<string[]>([]);
  const zonesId = useId();

  useEffect(() => {
    freelancerProfileApi.skills().then(
      (categories) => setSuggestions([...new Set(categories.flatMap((c) => c.skills))]),
      () => undefined, // No suggestions: skills can still be typed.
    );
  }, []);

  const submit = form.handleSubmit(
    async (input) => {
      try {
        const saved = await freelancerProfileApi.save(input);
        setSkills(saved.skills);
        toast.success(FREELANCER_PROFILE_MESSAGES.saved);
      } catch (error) {
        form.setErrors({ form: errorMessage(error) });
        toast.error(errorMessage(error));
      }
    },
    (values) => ({
      headline: values.headline,
      about: values.about,
      skills,
      rate: values.rateAmount.trim() ? { amount: values.rateAmount, unit: values.rateUnit } : null,
      languages: values.languages
        .split(',')
        .map((language) => language.trim())
        .filter(Boolean),
      timeZone: values.timeZone,
      links: Object.fromEntries(PROFILE_LINK_KINDS.map((kind) => [kind, values[`link_${kind}`]])),
      available: values.available === 'yes',
      matchAlerts: values.matchAlerts === 'yes',
    }),
  );

  return (
    <section className="max-w-2xl space-y-6">
      <PageTitle name="Freelancer profile" />
      <h1 className="text-3xl font-bold">Freelancer profile</h1>
      <p>
        What clients read on{' '}
        <Link to={paths.userProfile(userId)} className="link">
          your public profile
        </Link>
        . Email addresses and phone numbers in it are hidden from others.
      </p>
      <form noValidate onSubmit={submit} className="space-y-4" aria-label="Freelancer profile">
        <FormField
          label="Headline"
          maxLength={HEADLINE_MAX_LENGTH}
          hint={`One line: what you do best. At most ${HEADLINE_MAX_LENGTH} characters.`}
          {...form.field('headline')}
        />
        <TextAreaField
          label="About"
          rows={6}
          maxLength={ABOUT_MAX_LENGTH}
          hint="Plain text; line breaks are kept."
          {...form.field('about')}
        />
        <SkillsPicker
          legend={`Skills (up to ${SKILLS_MAX})`}
          listLabel="Your skills"
          skills={skills}
          onChange={setSkills}
          max={SKILLS_MAX}
          known={suggestions}
          error={form.errors.skills}
        />
        <fieldset className="grid gap-3 sm:grid-cols-2">
          <legend className="mb-1 font-medium">Rate in USD (optional)</legend>
          <FormField label="Amount" inputMode="decimal" {...form.field('rateAmount')} />
          <SelectField
            label="Rate is"
            options={RATE_UNITS.map((unit: RateUnit) => ({
              value: unit,
              label: RATE_UNIT_LABELS[unit],
            }))}
            {...form.field('rateUnit')}
          />
          <FieldError message={form.errors.rate} />
        </fieldset>
        <FormField
          label="Languages"
          hint="Separated by commas, for example English, Spanish."
          {...form.field('languages')}
        />
        <FormField
          label="Time zone"
          list={zonesId}
          placeholder="Europe/Berlin"
          {...form.field('timeZone')}
        />
        <datalist id={zonesId}>
          {TIME_ZONES.map((zone) => (
            <option key={zone} value={zone} />
          ))}
        </datalist>
        <fieldset className="space-y-3">
          <legend className="mb-1 font-medium">Links (https, optional)</legend>
          {PROFILE_LINK_KINDS.map((kind) => (
            <FormField
              key={kind}
              label={PROFILE_LINK_LABELS[kind]}
              type="url"
              placeholder="https://…"
              {...form.field(`link_${kind}`)}
            />
          ))}
          <FieldError message={form.errors.links} />
        </fieldset>
        {(
          [
            ['available', 'Available now: open to new work'],
            [
              'matchAlerts',
              'Tell me of new tasks that match my skills (in the app, and by email as chosen in your email settings)',
            ],
          ] as const
        ).map(([name, label]) => (
          <label key={name} className="flex cursor-pointer items-center gap-3">
            <input
              type="checkbox"
              className="checkbox"
              checked={form.values[name] === 'yes'}
              onChange={(event) =>
                form.field(name).onChange({ target: { value: event.target.checked ? 'yes' : '' } })
              }
            />
            <span>{label}</span>
          </label>
        ))}
        <FieldError message={form.errors.form} />
        <SubmitButton busy={form.isSubmitting} busyLabel="Saving…">
          Save freelancer profile
        </SubmitButton>
      </form>
    </section>
  );
}
