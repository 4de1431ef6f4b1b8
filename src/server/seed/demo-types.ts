import type { Category } from '../../shared/tasks.ts';

/** The shapes of the demo's people and tasks (demo-data.ts, demo-freelancers.ts). */

export interface ScriptAccount {
  name: string;
  email: string;
  password: string;
  image?: string;
}

export interface DemoUser extends Omit<ScriptAccount, 'image'> {
  /**
   * The photo's path on the app's own origin: a file of src/client/public/demo, which the build
   * copies beside the app. An outside image service would leave every demo avatar broken
   * wherever that service is out of reach (issue 8).
   */
  photoPath: `/demo/${string}`;
}

export interface DemoTask {
  title: string;
  category: Category;
  description: string;
  budget: number;
  /** Days from today: deadlines stay in the future whenever the seed runs. */
  dueInDays: number;
  postedDaysAgo: number;
  /** Index into DEMO_USERS. */
  poster: number;
}
