/** Static contact text of the footer and the contact page (spec §2). */
export const SUPPORT_CONTACT = {
  email: 'support@tasklane.example',
  phone: '+880 1700-000000',
  location: 'Dhaka, Bangladesh',
} as const;
