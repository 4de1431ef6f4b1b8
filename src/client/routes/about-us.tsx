import { Link } from '../lib/link.tsx';
import { BRAND } from '../../shared/brand.ts';
import { PageTitle } from '../components/page-title.tsx';
import { paths } from '../lib/paths.ts';

const VALUES = [
  {
    title: 'Small tasks, real outcomes',
    text: 'A logo, a landing page, a product description, a spreadsheet cleaned up: work that fits in days, not months.',
  },
  {
    title: 'Free to post, free to bid',
    text: 'Clients post tasks and freelancers bid without paying anything up front.',
  },
  {
    title: 'Built on trust',
    text: 'Only the person who posted a task can change or remove it, and every bid is counted.',
  },
];

export default function AboutUs() {
  return (
    <article className="mx-auto max-w-3xl space-y-6">
      <PageTitle name="About Us" />
      <h1 className="text-4xl font-bold">About {BRAND}</h1>
      <p className="text-lg">
        {BRAND} is a marketplace for small tasks. Clients describe what they need, set a deadline
        and a budget in US dollars, and freelancers from anywhere bid to do it. We started {BRAND}{' '}
        so that small, meaningful work finds the right hands quickly.
      </p>
      <section aria-labelledby="values" className="grid gap-4 md:grid-cols-3">
        <h2 id="values" className="sr-only">
          What we value
        </h2>
        {VALUES.map((value) => (
          <div key={value.title} className="card bg-base-200">
            <div className="card-body">
              <h3 className="card-title">{value.title}</h3>
              <p>{value.text}</p>
            </div>
          </div>
        ))}
      </section>
      <div className="flex gap-3">
        <Link to={paths.browseTasks()} className="btn btn-primary">
          Browse Tasks
        </Link>
        <Link to={paths.addTask} className="btn btn-outline">
          Post a Task
        </Link>
      </div>
    </article>
  );
}
