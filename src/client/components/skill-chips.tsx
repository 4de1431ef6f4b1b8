/** Skills as a list of chips (a profile, a directory card, a task), or nothing when none. */
export function SkillChips({ skills }: { skills: readonly string[] }) {
  if (skills.length === 0) return null;
  return (
    <ul aria-label="Skills" className="flex flex-wrap gap-2">
      {skills.map((skill) => (
        <li key={skill} className="badge badge-outline">
          {skill}
        </li>
      ))}
    </ul>
  );
}
