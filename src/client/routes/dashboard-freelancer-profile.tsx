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
  skillKey,
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
} & Record<`link_${ProfileLinkKind}`, string>;

const valuesOf = (profile: FreelancerProfile): Values => ({
  headline: profile.headline ?? '',
  about: profile.about ?? '',
  rateAmount: profile.rate ? String(profile.rate.amount) : '',
  rateUnit: profile.rate?.unit ?? 'fixed',
  languages: profile.languages.join(', '),
  timeZone: profile.timeZone ?? '',
  available: profile.available ? 'yes' : '',
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
  const [skillText, setSkillText] = useState('');
  const [suggestions, setSuggestions] = useState<string[]>([]);
  const skillsId = useId();
  const zonesId = useId();

  useEffect(() => {
    freelancerProfileApi.skills().then(
      (categories) => setSuggestions([...new Set(categories.flatMap((c) => c.skills))]),
      () => undefined, // No suggestions: skills can still be typed.
    );
  }, []);

  const addSkill = () => {
    const skill = skillText.trim().replace(/\s+/g, ' ');
    if (!skill || skills.some((s) => skillKey(s) === skillKey(skill))) return setSkillText('');
    setSkills([...skills, skill]);
    setSkillText('');
  };

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
        <fieldset className="space-y-2">
          <legend className="mb-1 font-medium">Skills (up to {SKILLS_MAX})</legend>
          <ul aria-label="Your skills" className="flex flex-wrap gap-2">
            {skills.map((skill) => (
              <li key={skill} className="badge badge-outline gap-1 py-3">
                {skill}
                <button
                  type="button"
                  className="btn btn-ghost btn-xs min-h-6"
                  aria-label={`Remove ${skill}`}
                  onClick={() => setSkills(skills.filter((s) => s !== skill))}
                >
                  ✕
                </button>
              </li>
            ))}
          </ul>
          <div className="flex flex-wrap items-end gap-2">
            <div className="grow">
              <FormField
                label="Add a skill"
                list={skillsId}
                value={skillText}
                disabled={skills.length >= SKILLS_MAX}
                onChange={(event) => setSkillText(event.target.value)}
                onKeyDown={(event) => {
                  if (event.key === 'Enter') {
                    event.preventDefault();
                    addSkill();
                  }
                }}
              />
            </div>
            <button type="button" className="btn" onClick={addSkill}>
              Add
            </button>
          </div>
          <datalist id={skillsId}>
            {suggestions.map((skill) => (
              <option key={skill} value={skill} />
            ))}
          </datalist>
          <FieldError message={form.errors.skills} />
        </fieldset>
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
        <label className="flex cursor-pointer items-center gap-3">
          <input
            type="checkbox"
            className="checkbox"
            checked={form.values.available === 'yes'}
            onChange={(event) =>
              form
                .field('available')
                .onChange({ target: { value: event.target.checked ? 'yes' : '' } })
            }
          />
          <span>Available now: open to new work</span>
        </label>
        <FieldError message={form.errors.form} />
        <SubmitButton busy={form.isSubmitting} busyLabel="Saving…">
          Save freelancer profile
        </SubmitButton>
      </form>
    </section>
  );
}
