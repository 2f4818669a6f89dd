/**
 * Texts of linked orders and tickets: associate-order, associate-ticket and relevance-ticket pages (issue 15), in en. Part of the after-ticketing screens' namespace
 * (aftersales-en.ts), loaded with the first page past the tab bar. Keys start with
 * 'linked.' and never repeat one of en.ts.
 */
export const linkedEn: Readonly<Record<string, string>> = {
  'linked.orders_title': 'Linked orders',
  'linked.tickets_title': 'Linked tickets',
  'linked.orders_intro':
    'Orders someone else booked for you: link one with its PNR and a passenger’s surname, and it shows in your orders, where you can refund or change it.',
  'linked.tickets_intro':
    'Link a ticket with its 13-digit number and the passenger’s name: its order then shows in your orders.',
  'linked.add_order': 'Link an order',
  'linked.add_ticket': 'Link a ticket',
  'linked.find_ticket': 'Find a ticket',
  'linked.add_order_intro':
    'Enter the PNR (booking reference) and the surname of one passenger of the order.',
  'linked.add_ticket_intro': 'Enter the ticket number and the name of its passenger, as on the itinerary.',
  'linked.find_ticket_intro': 'Check a ticket before linking it: enter its number and the passenger’s name.',
  'linked.link_button': 'Link to my account',
  'linked.find_button': 'Find',
  'linked.order_linked': 'Order linked',
  'linked.ticket_linked': 'Ticket linked',
  'linked.already_linked': 'Already linked to your account',
  'linked.unlinked': 'Unlinked',
  'linked.count': '{{n}} of at most {{max}} linked',
  'linked.load_failed': 'Your links could not be loaded.',
  'linked.orders_empty': 'No linked orders yet',
  'linked.tickets_empty': 'No linked tickets yet',
  'linked.order_detail_title': 'Linked order',
  'linked.ticket_detail_title': 'Linked ticket',
  'linked.linked_at': 'Linked {{time}}',
  'linked.linked_by_passenger': 'Linked with passenger',
  'linked.passenger': 'Passenger',
  'linked.order_rights':
    'You can open this order, refund it or change its dates as if you had booked it. Unlinking only removes it from your list.',
  'linked.unlink': 'Unlink',
  'linked.unlink_order_title': 'Unlink this order?',
  'linked.unlink_order_confirm':
    'Order {{orderNo}} will no longer show in your orders. The order itself does not change.',
  'linked.unlink_ticket_title': 'Unlink this ticket?',
  'linked.unlink_ticket_confirm':
    'Ticket {{ticketNo}} will no longer show in your account. The ticket itself does not change.',
  'linked.not_linked_title': 'This is not linked to your account',
  'linked.matches_title': 'Tickets found',
  'linked.match_title': 'Ticket found',
  'linked.matches_missing': 'Search for a ticket first',
  'linked.own_order_note': 'This ticket is of your own order: it is already in your orders.',
  'linked.passenger_name': 'Passenger name',
  'linked.passenger_name_hint': 'Surname and given name in English letters, e.g. SOK/DARA',
  'linked.ticket_no_hint': '13 digits, as on the itinerary',
  'linked.ticket_no_required': 'Enter the ticket number.',
  'linked.name_required': 'Enter the passenger’s name.',
  'linked.name_format': 'Write the name in English letters (pinyin for Chinese names).',
  'linked.badge': 'Linked',
  'linked.entry': 'Link an order or a ticket',
};
