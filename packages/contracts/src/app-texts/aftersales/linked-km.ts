/**
 * Texts of linked orders and tickets: associate-order, associate-ticket and relevance-ticket pages (issue 15), in km. Part of the after-ticketing screens' namespace
 * (aftersales-km.ts), loaded with the first page past the tab bar. Keys start with
 * 'linked.' and never repeat one of km.ts.
 */
export const linkedKm: Readonly<Record<string, string>> = {
  'linked.orders_title': 'ការបញ្ជាទិញដែលបានភ្ជាប់',
  'linked.tickets_title': 'សំបុត្រដែលបានភ្ជាប់',
  'linked.orders_intro':
    'ការបញ្ជាទិញដែលអ្នកផ្សេងបានកក់ឱ្យអ្នក៖ ភ្ជាប់វាដោយប្រើ PNR និងនាមត្រកូលអ្នកដំណើរម្នាក់ នោះវានឹងបង្ហាញក្នុងការបញ្ជាទិញរបស់អ្នក ដែលអ្នកអាចសងប្រាក់វិញ ឬប្តូរកាលបរិច្ឆេទបាន។',
  'linked.tickets_intro':
    'ភ្ជាប់សំបុត្រដោយប្រើលេខ 13 ខ្ទង់ និងឈ្មោះអ្នកដំណើរ៖ បន្ទាប់មកការបញ្ជាទិញរបស់វានឹងបង្ហាញក្នុងការបញ្ជាទិញរបស់អ្នក។',
  'linked.add_order': 'ភ្ជាប់ការបញ្ជាទិញ',
  'linked.add_ticket': 'ភ្ជាប់សំបុត្រ',
  'linked.find_ticket': 'ស្វែងរកសំបុត្រ',
  'linked.add_order_intro': 'សូមបញ្ចូល PNR (លេខយោងការកក់) និងនាមត្រកូលរបស់អ្នកដំណើរម្នាក់នៃការបញ្ជាទិញ។',
  'linked.add_ticket_intro': 'សូមបញ្ចូលលេខសំបុត្រ និងឈ្មោះអ្នកដំណើររបស់វា ដូចក្នុងកម្មវិធីធ្វើដំណើរ។',
  'linked.find_ticket_intro': 'ពិនិត្យសំបុត្រមុនពេលភ្ជាប់៖ សូមបញ្ចូលលេខរបស់វា និងឈ្មោះអ្នកដំណើរ។',
  'linked.link_button': 'ភ្ជាប់ទៅគណនីរបស់ខ្ញុំ',
  'linked.find_button': 'ស្វែងរក',
  'linked.order_linked': 'បានភ្ជាប់ការបញ្ជាទិញ',
  'linked.ticket_linked': 'បានភ្ជាប់សំបុត្រ',
  'linked.already_linked': 'បានភ្ជាប់ទៅគណនីរបស់អ្នករួចហើយ',
  'linked.unlinked': 'បានផ្តាច់',
  'linked.count': 'បានភ្ជាប់ {{n}} ក្នុងចំណោមច្រើនបំផុត {{max}}',
  'linked.load_failed': 'មិនអាចផ្ទុកការភ្ជាប់របស់អ្នកបានទេ។',
  'linked.orders_empty': 'មិនទាន់មានការបញ្ជាទិញដែលបានភ្ជាប់នៅឡើយទេ',
  'linked.tickets_empty': 'មិនទាន់មានសំបុត្រដែលបានភ្ជាប់នៅឡើយទេ',
  'linked.order_detail_title': 'ការបញ្ជាទិញដែលបានភ្ជាប់',
  'linked.ticket_detail_title': 'សំបុត្រដែលបានភ្ជាប់',
  'linked.linked_at': 'បានភ្ជាប់ {{time}}',
  'linked.linked_by_passenger': 'ភ្ជាប់ដោយអ្នកដំណើរ',
  'linked.passenger': 'អ្នកដំណើរ',
  'linked.order_rights':
    'អ្នកអាចបើក សងប្រាក់វិញ ឬប្តូរកាលបរិច្ឆេទនៃការបញ្ជាទិញនេះ ដូចជាអ្នកបានកក់វាដោយខ្លួនឯង។ ការផ្តាច់គ្រាន់តែដកវាចេញពីបញ្ជីរបស់អ្នកប៉ុណ្ណោះ។',
  'linked.unlink': 'ផ្តាច់',
  'linked.unlink_order_title': 'ផ្តាច់ការបញ្ជាទិញនេះ?',
  'linked.unlink_order_confirm':
    'ការបញ្ជាទិញ {{orderNo}} នឹងលែងបង្ហាញក្នុងការបញ្ជាទិញរបស់អ្នកទៀតហើយ។ ការបញ្ជាទិញខ្លួនវាមិនផ្លាស់ប្តូរទេ។',
  'linked.unlink_ticket_title': 'ផ្តាច់សំបុត្រនេះ?',
  'linked.unlink_ticket_confirm': 'សំបុត្រ {{ticketNo}} នឹងលែងបង្ហាញក្នុងគណនីរបស់អ្នកទៀតហើយ។ សំបុត្រខ្លួនវាមិនផ្លាស់ប្តូរទេ។',
  'linked.not_linked_title': 'វាមិនបានភ្ជាប់ទៅគណនីរបស់អ្នកទេ',
  'linked.matches_title': 'សំបុត្រដែលរកឃើញ',
  'linked.match_title': 'សំបុត្រដែលរកឃើញ',
  'linked.matches_missing': 'សូមស្វែងរកសំបុត្រជាមុនសិន',
  'linked.own_order_note': 'សំបុត្រនេះជារបស់ការបញ្ជាទិញផ្ទាល់ខ្លួនរបស់អ្នក៖ វាមាននៅក្នុងការបញ្ជាទិញរបស់អ្នករួចហើយ។',
  'linked.passenger_name': 'ឈ្មោះអ្នកដំណើរ',
  'linked.passenger_name_hint': 'នាមត្រកូល និងនាមខ្លួនជាអក្សរអង់គ្លេស ឧ. SOK/DARA',
  'linked.ticket_no_hint': '13 ខ្ទង់ ដូចក្នុងកម្មវិធីធ្វើដំណើរ',
  'linked.ticket_no_required': 'សូមបញ្ចូលលេខសំបុត្រ។',
  'linked.name_required': 'សូមបញ្ចូលឈ្មោះអ្នកដំណើរ។',
  'linked.name_format': 'សូមសរសេរឈ្មោះជាអក្សរអង់គ្លេស (ឈ្មោះចិនជាភីនអ៊ីន)។',
  'linked.badge': 'បានភ្ជាប់',
  'linked.entry': 'ភ្ជាប់ការបញ្ជាទិញ ឬសំបុត្រ',
};
