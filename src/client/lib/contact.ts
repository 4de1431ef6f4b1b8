/** Static contact text of the footer and the contact page (spec §2). */
export const SUPPORT_CONTACT = {
  email: 'support@tasklane.example',
  phone: '+880 1700-000000',
  location: 'Dhaka, Bangladesh',
} as const;

/** The same contact as links that open the mail app or the phone's dialer (issue 8). */
export const SUPPORT_CONTACT_HREFS = {
  email: `mailto:${SUPPORT_CONTACT.email}`,
  // tel: takes the digits and the leading +, without the spaces and dashes shown to people.
  phone: `tel:${SUPPORT_CONTACT.phone.replace(/[^+\d]/g, '')}`,
} as const;
