import type { LanguageTag } from './enums';

/**
 * Messages the server answers with and the shared rules report, in the three product
 * languages. The keys are the spec's message keys (booking-and-account.md §8) where it
 * names them. The web app merges this catalogue into its own, so a rule's message reads
 * the same in a form and in an API reply. `{name}` placeholders are filled by `formatMessage`.
 */
export const messages = {
  ok: { zh: '成功', en: 'Success', km: 'ជោគជ័យ' },
  system_error: {
    zh: '系统繁忙，请稍后再试',
    en: 'The system is running poorly. Please try again later.',
    km: 'ប្រព័ន្ធកំពុងដំណើរការមិនល្អ។ សូមព្យាយាមម្តងទៀតនៅពេលក្រោយ។',
  },
  invalid_request: {
    zh: '请求内容有误：{detail}',
    en: 'The request is not valid: {detail}',
    km: 'សំណើមិនត្រឹមត្រូវ៖ {detail}',
  },
  not_found: { zh: '请求的地址不存在', en: 'This address does not exist.', km: 'អាសយដ្ឋាននេះមិនមានទេ។' },
  too_many_requests: {
    zh: '请求过于频繁，请稍后再试',
    en: 'Too many requests. Please wait a moment and try again.',
    km: 'សំណើច្រើនពេក។ សូមរង់ចាំបន្តិច ហើយព្យាយាមម្តងទៀត។',
  },
  payload_too_large: { zh: '请求内容过大', en: 'The request is too large.', km: 'សំណើធំពេក។' },
  unsupported_media_type: {
    zh: '不支持该请求内容类型，请以 application/json 发送',
    en: 'This content type is not supported. Send the request as application/json.',
    km: 'ប្រភេទមាតិកានេះមិនត្រូវបានគាំទ្រទេ។ សូមផ្ញើសំណើជា application/json។',
  },
  nul_character: {
    zh: '{field} 含有不允许的字符（NUL）',
    en: '{field} contains a character that is not allowed (NUL).',
    km: '{field} មានតួអក្សរដែលមិនត្រូវបានអនុញ្ញាត (NUL)។',
  },
  bad_url: {
    zh: '请求地址的编码无效',
    en: 'the address is not validly encoded',
    km: 'អាសយដ្ឋាននៃសំណើមិនត្រូវបានអ៊ិនកូដត្រឹមត្រូវ',
  },
  bad_request_line: {
    zh: '请求地址无法处理',
    en: 'the address cannot be handled',
    km: 'អាសយដ្ឋាននៃសំណើមិនអាចដំណើរការបាន',
  },
  access_token_missing: {
    zh: '缺少访问令牌',
    en: 'An access token is required.',
    km: 'ត្រូវការនិមិត្តសញ្ញាចូលប្រើ។',
  },
  access_token_expired: {
    zh: '访问令牌已失效',
    en: 'The access token has expired.',
    km: 'និមិត្តសញ្ញាចូលប្រើបានផុតកំណត់។',
  },
  sign_invalid: {
    zh: '签名校验失败',
    en: 'The request signature is not valid.',
    km: 'ហត្ថលេខាសំណើមិនត្រឹមត្រូវ។',
  },
  timestamp_invalid: {
    zh: '时间戳无效或已过期',
    en: 'The timestamp is not valid or too far from the current time.',
    km: 'ត្រាពេលវេលាមិនត្រឹមត្រូវ ឬឆ្ងាយពីពេលបច្ចុប្បន្នពេក។',
  },
  nonce_reused: {
    zh: '请求已被使用，请勿重复提交',
    en: 'This request was already used. Do not send it twice.',
    km: 'សំណើនេះត្រូវបានប្រើរួចហើយ។ សូមកុំផ្ញើពីរដង។',
  },
  flight_not_found: {
    zh: '没有符合条件的航班，请重新预订',
    en: 'No eligible flight was found. Please search again.',
    km: 'រកមិនឃើញជើងហោះហើរដែលសមស្រប។ សូមស្វែងរកម្តងទៀត។',
  },
  flight_select_limit: {
    zh: '剩余座位不足，请重新预订',
    en: 'Not enough seats left for this many passengers. Please search again.',
    km: 'កៅអីនៅសល់មិនគ្រប់សម្រាប់អ្នកដំណើរចំនួននេះ។ សូមស្វែងរកម្តងទៀត។',
  },
  flight_no_support_round_trip: {
    zh: '该航线暂不支持往返预订',
    en: 'Return trips are not offered on this route.',
    km: 'ផ្លូវហោះហើរនេះមិនផ្តល់ការធ្វើដំណើរទៅមកទេ។',
  },
  route_not_found: {
    zh: '该航线不存在',
    en: 'We do not fly this route.',
    km: 'យើងមិនហោះហើរលើផ្លូវនេះទេ។',
  },
  login_expired: {
    zh: '登录状态已过期，请重新登录',
    en: 'Your login has expired. Please log in again.',
    km: 'ការចូលរបស់អ្នកបានផុតកំណត់។ សូមចូលម្តងទៀត។',
  },
  login_limit: {
    zh: '账户暂时无法使用，请联系客服',
    en: 'This account is temporarily unavailable. Please contact customer service.',
    km: 'គណនីនេះមិនអាចប្រើបានបណ្តោះអាសន្ន។ សូមទាក់ទងសេវាបម្រើអតិថិជន។',
  },
  incorrect_token: {
    zh: '用户名或密码错误',
    en: 'The account or password is wrong.',
    km: 'គណនី ឬពាក្យសម្ងាត់មិនត្រឹមត្រូវ។',
  },
  captcha_error: {
    zh: '验证码不正确',
    en: 'The verification code is incorrect.',
    km: 'លេខកូដផ្ទៀងផ្ទាត់មិនត្រឹមត្រូវ។',
  },
  phone_exist: {
    zh: '该手机号已注册',
    en: 'This phone number is already registered.',
    km: 'លេខទូរស័ព្ទនេះបានចុះឈ្មោះរួចហើយ។',
  },
  email_exist: {
    zh: '该邮箱已注册',
    en: 'This e-mail is already registered.',
    km: 'អ៊ីមែលនេះបានចុះឈ្មោះរួចហើយ។',
  },
  code_invalid: {
    zh: '邮箱验证码错误或已失效',
    en: 'The e-mail code is wrong or no longer valid.',
    km: 'លេខកូដអ៊ីមែលមិនត្រឹមត្រូវ ឬលែងមានសុពលភាព។',
  },
  code_too_soon: {
    zh: '验证码发送过于频繁，请一分钟后再试',
    en: 'A code was just sent. Please wait a minute before asking again.',
    km: 'លេខកូដទើបតែបានផ្ញើ។ សូមរង់ចាំមួយនាទីមុនពេលស្នើម្តងទៀត។',
  },
  old_password_wrong: {
    zh: '原密码错误',
    en: 'The old password is wrong.',
    km: 'ពាក្យសម្ងាត់ចាស់មិនត្រឹមត្រូវ។',
  },
  password_wrong: { zh: '密码错误', en: 'The password is wrong.', km: 'ពាក្យសម្ងាត់មិនត្រឹមត្រូវ។' },
  email_bound: {
    zh: '该邮箱已被绑定',
    en: 'This e-mail is already bound to an account.',
    km: 'អ៊ីមែលនេះត្រូវបានភ្ជាប់ជាមួយគណនីរួចហើយ។',
  },
  oauth_failed: {
    zh: '第三方登录失败，请重试',
    en: 'Signing in with that service did not work. Please try again.',
    km: 'ការចូលតាមសេវានោះមិនបានសម្រេច។ សូមព្យាយាមម្តងទៀត។',
  },
  'account.email_invalid': {
    zh: '请输入有效的邮箱地址',
    en: 'Enter a valid e-mail address.',
    km: 'សូមបញ្ចូលអាសយដ្ឋានអ៊ីមែលត្រឹមត្រូវ។',
  },
  'account.email_required': { zh: '请输入邮箱', en: 'Enter your e-mail.', km: 'សូមបញ្ចូលអ៊ីមែលរបស់អ្នក។' },
  'account.email_no_special': {
    zh: '邮箱不能包含下划线等特殊字符',
    en: 'The e-mail cannot contain underscores or similar special characters.',
    km: 'អ៊ីមែលមិនអាចមានសញ្ញាគូសក្រោម ឬតួអក្សរពិសេសស្រដៀងគ្នាទេ។',
  },
  'account.email_local_dots': {
    zh: '邮箱@前的部分不能以点开头或结尾，也不能有连续的点',
    en: 'The part of the e-mail before the @ cannot start or end with a dot or have two dots in a row.',
    km: 'ផ្នែកនៃអ៊ីមែលមុនសញ្ញា @ មិនអាចចាប់ផ្តើម ឬបញ្ចប់ដោយចំណុច ឬមានចំណុចពីរជាប់គ្នាទេ។',
  },
  'account.email_local_letters': {
    zh: '邮箱@前的部分须至少包含一个字母或数字',
    en: 'The part of the e-mail before the @ needs at least one letter or digit.',
    km: 'ផ្នែកនៃអ៊ីមែលមុនសញ្ញា @ ត្រូវមានអក្សរ ឬលេខយ៉ាងហោចណាស់មួយ។',
  },
  'account.email_domain_hyphen': {
    zh: '邮箱@后的域名各部分不能以连字符开头或结尾',
    en: 'No part of the domain after the @ may start or end with a hyphen.',
    km: 'គ្មានផ្នែកណាមួយនៃដែនក្រោយសញ្ញា @ អាចចាប់ផ្តើម ឬបញ្ចប់ដោយសញ្ញាដកបានទេ។',
  },
  'account.password_required': { zh: '请输入密码', en: 'Enter a password.', km: 'សូមបញ្ចូលពាក្យសម្ងាត់។' },
  'account.password_rule': {
    zh: '密码需为8-20位字母和数字组合',
    en: 'Use 8 to 20 letters and digits, with at least one of each.',
    km: 'ប្រើអក្សរ និងលេខពី 8 ដល់ 20 ដោយមានយ៉ាងហោចណាស់មួយនៃនីមួយៗ។',
  },
  'account.password_mismatch': {
    zh: '两次输入的密码不一致',
    en: 'The two passwords do not match.',
    km: 'ពាក្យសម្ងាត់ទាំងពីរមិនដូចគ្នាទេ។',
  },
  'account.password_same': {
    zh: '新密码不能与原密码相同',
    en: 'The new password must differ from the old one.',
    km: 'ពាក្យសម្ងាត់ថ្មីត្រូវតែខុសពីពាក្យសម្ងាត់ចាស់។',
  },
  'account.saved_passengers_limit': {
    zh: '最多可保存{max}位常用旅客',
    en: 'You can save up to {max} passengers.',
    km: 'អ្នកអាចរក្សាទុកអ្នកដំណើរបានរហូតដល់ {max} នាក់។',
  },
  'account.agree_required': {
    zh: '请阅读并同意用户协议',
    en: 'Please read and accept the user agreement.',
    km: 'សូមអាន និងយល់ព្រមលើកិច្ចព្រមព្រៀងអ្នកប្រើប្រាស់។',
  },
  'account.code_required': {
    zh: '请输入6位邮箱验证码',
    en: 'Enter the 6-digit code from the e-mail.',
    km: 'សូមបញ្ចូលលេខកូដ 6 ខ្ទង់ពីអ៊ីមែល។',
  },
  'person.surname_required': { zh: '请输入姓', en: 'Enter the surname.', km: 'សូមបញ្ចូលនាមត្រកូល។' },
  'person.given_name_required': { zh: '请输入名', en: 'Enter the given name.', km: 'សូមបញ្ចូលនាមខ្លួន។' },
  'person.name_letters': {
    zh: '姓名须为英文字母（中文姓名请填写拼音）',
    en: 'Use English letters (pinyin for Chinese names).',
    km: 'សូមប្រើអក្សរអង់គ្លេស (ភីនអ៊ីនសម្រាប់ឈ្មោះចិន)។',
  },
  'person.title_required': { zh: '请选择称谓', en: 'Choose a title.', km: 'សូមជ្រើសរើសងារ។' },
  'person.title_adults_only': {
    zh: '女士（Mrs）仅用于成人：儿童和婴儿请选择先生（Mr）或小姐（Miss）',
    en: 'Mrs is a title for adults: a child or an infant is Mr or Miss.',
    km: 'លោកស្រី (Mrs) ប្រើសម្រាប់តែមនុស្សពេញវ័យ៖ កុមារ ឬទារក គឺ លោក (Mr) ឬ កញ្ញា (Miss)។',
  },
  'person.title_gender_mismatch': {
    zh: '称谓与性别不符：先生（Mr）为男性，小姐（Miss）和女士（Mrs）为女性',
    en: 'The title does not match the gender: Mr is for males, Miss and Mrs for females.',
    km: 'ងារមិនត្រូវនឹងភេទទេ៖ Mr សម្រាប់បុរស ហើយ Miss និង Mrs សម្រាប់ស្ត្រី។',
  },
  'person.nationality_required': {
    zh: '请选择国籍/地区',
    en: 'Choose the nationality or region.',
    km: 'សូមជ្រើសរើសសញ្ជាតិ ឬតំបន់។',
  },
  'person.birthday_required': {
    zh: '请选择出生日期',
    en: 'Choose the date of birth.',
    km: 'សូមជ្រើសរើសថ្ងៃខែឆ្នាំកំណើត។',
  },
  'person.birthday_future': {
    zh: '出生日期不能晚于今天',
    en: 'The date of birth cannot be in the future.',
    km: 'ថ្ងៃខែឆ្នាំកំណើតមិនអាចនៅថ្ងៃអនាគតទេ។',
  },
  'person.birthday_invalid': {
    zh: '出生日期不是有效的日期',
    en: 'The date of birth is not a real calendar date.',
    km: 'ថ្ងៃខែឆ្នាំកំណើតមិនមែនជាកាលបរិច្ឆេទពិតប្រាកដទេ។',
  },
  'person.birthday_too_old': {
    zh: '出生日期不能早于{years}年前',
    en: 'The date of birth cannot be more than {years} years ago.',
    km: 'ថ្ងៃខែឆ្នាំកំណើតមិនអាចលើសពី {years} ឆ្នាំមុនបានទេ។',
  },
  'person.doc_number_required': {
    zh: '请输入证件号码',
    en: 'Enter the document number.',
    km: 'សូមបញ្ចូលលេខឯកសារ។',
  },
  'person.doc_number_format': {
    zh: '证件号码格式不正确',
    en: 'The document number format is wrong.',
    km: 'ទម្រង់លេខឯកសារមិនត្រឹមត្រូវ។',
  },
  'person.doc_expiry_required': {
    zh: '请选择证件有效期',
    en: 'Choose the document expiry date.',
    km: 'សូមជ្រើសរើសកាលបរិច្ឆេទផុតកំណត់នៃឯកសារ។',
  },
  'person.doc_expired': {
    zh: '证件已过期',
    en: 'This document has expired.',
    km: 'ឯកសារនេះបានផុតកំណត់ហើយ។',
  },
  'person.doc_expiry_too_soon': {
    zh: '证件有效期须在出发日期半年以后',
    en: 'The document must be valid for more than six months after departure.',
    km: 'ឯកសារត្រូវមានសុពលភាពលើសពីប្រាំមួយខែបន្ទាប់ពីការចេញដំណើរ។',
  },
  'person.country_code_required': {
    zh: '请选择国家/地区区号',
    en: 'Choose the country code.',
    km: 'សូមជ្រើសរើសលេខកូដប្រទេស។',
  },
  'person.phone_invalid': {
    zh: '请输入正确的手机号码',
    en: 'Enter a valid phone number (digits only).',
    km: 'សូមបញ្ចូលលេខទូរស័ព្ទត្រឹមត្រូវ (តែលេខប៉ុណ្ណោះ)។',
  },
  'person.phone_too_long': {
    zh: '区号加手机号不能超过20位',
    en: 'Country code and number together can have at most 20 characters.',
    km: 'លេខកូដប្រទេស និងលេខទូរស័ព្ទរួមគ្នាមិនអាចលើស 20 តួអក្សរទេ។',
  },
  'person.type_mismatch': {
    zh: '该旅客的年龄与所选旅客类型不符',
    en: 'This passenger’s age does not match the passenger type.',
    km: 'អាយុរបស់អ្នកដំណើរនេះមិនត្រូវនឹងប្រភេទអ្នកដំណើរទេ។',
  },
  'person.type_mismatch_adult': {
    zh: '成人在{date}须年满12周岁，该出生日期不符',
    en: 'An adult must be 12 or older on {date}: this date of birth does not fit.',
    km: 'មនុស្សពេញវ័យត្រូវមានអាយុ 12 ឆ្នាំឡើងទៅ នៅថ្ងៃ {date}៖ ថ្ងៃខែឆ្នាំកំណើតនេះមិនត្រូវទេ។',
  },
  'person.type_mismatch_child': {
    zh: '儿童在{date}须为2至11周岁，该出生日期不符',
    en: 'A child must be 2 to 11 years old on {date}: this date of birth does not fit.',
    km: 'កុមារត្រូវមានអាយុពី 2 ដល់ 11 ឆ្នាំ នៅថ្ងៃ {date}៖ ថ្ងៃខែឆ្នាំកំណើតនេះមិនត្រូវទេ។',
  },
  'person.type_mismatch_infant': {
    zh: '婴儿在{date}须出生满14天且未满2周岁，该出生日期不符',
    en: 'An infant must be more than 14 days and under 2 years old on {date}: this date of birth does not fit.',
    km: 'ទារកត្រូវមានអាយុលើស 14 ថ្ងៃ និងក្រោម 2 ឆ្នាំ នៅថ្ងៃ {date}៖ ថ្ងៃខែឆ្នាំកំណើតនេះមិនត្រូវទេ។',
  },
  'person.infant_too_young': {
    zh: '婴儿须出生满14天',
    en: 'An infant must be more than 14 days old to fly.',
    km: 'ទារកត្រូវមានអាយុលើស 14 ថ្ងៃដើម្បីហោះហើរ។',
  },
  'party.escort_required': {
    zh: '至少需要一名{age}岁及以上的旅客陪同',
    en: 'At least one passenger must be {age} or older to accompany the others.',
    km: 'ត្រូវមានអ្នកដំណើរយ៉ាងហោចណាស់ម្នាក់ដែលមានអាយុ {age} ឆ្នាំ ឬលើសនេះ ដើម្បីអមដំណើរអ្នកដទៃ។',
  },
  'party.duplicate_name': {
    zh: '与第{index}位旅客姓名重复',
    en: 'This name is the same as passenger {index}.',
    km: 'ឈ្មោះនេះដូចគ្នានឹងអ្នកដំណើរទី {index}។',
  },
  'party.contact_name_required': {
    zh: '请输入联系人姓名',
    en: 'Enter the contact name.',
    km: 'សូមបញ្ចូលឈ្មោះអ្នកទំនាក់ទំនង។',
  },
  passenger_limit: {
    zh: '未登录用户仅可为以下国籍的旅客订票：{nationalities}。登录后即可解除限制。',
    en: 'Without logging in, only passengers of these nationalities can be booked: {nationalities}. Log in to book for anyone.',
    km: 'ដោយមិនចូលគណនី អាចកក់បានតែអ្នកដំណើរសញ្ជាតិទាំងនេះ៖ {nationalities}។ សូមចូលគណនីដើម្បីកក់សម្រាប់អ្នកណាក៏បាន។',
  },
  order_not_found: {
    zh: '订单不存在',
    en: 'The order does not exist.',
    km: 'ការបញ្ជាទិញនេះមិនមានទេ។',
  },
  order_document_mismatch: {
    zh: '该订单中没有旅客使用此证件号码',
    en: 'No passenger of this order has this document number.',
    km: 'គ្មានអ្នកដំណើរណាម្នាក់នៃការបញ្ជាទិញនេះប្រើលេខឯកសារនេះទេ។',
  },
  offer_expired: {
    zh: '订单已失效或已过期，请重新发起',
    en: 'This booking is no longer valid or has expired. Please start again.',
    km: 'ការកក់នេះលែងមានសុពលភាព ឬផុតកំណត់ហើយ។ សូមចាប់ផ្តើមម្តងទៀត។',
  },
  seats_sold_out: {
    zh: '该票价的座位刚刚售罄，请重新选择',
    en: 'The seats at this fare have just sold out. Please choose again.',
    km: 'កៅអីតាមតម្លៃនេះទើបតែលក់អស់។ សូមជ្រើសរើសម្តងទៀត។',
  },
  unpaid_orders_limit: {
    zh: '您已有 {count} 个未支付订单，已达同时可保留的上限。请先支付其中一个，或等它在支付时限后自动取消，再预订新的订单。',
    en: 'You have {count} unpaid orders, the most allowed at once. Pay one, or let one lapse at its payment deadline, before booking another.',
    km: 'អ្នកមានការកម្មង់មិនទាន់បង់ប្រាក់ចំនួន {count} ដែលជាចំនួនអតិបរមាក្នុងពេលតែមួយ។ សូមបង់ប្រាក់មួយ ឬរង់ចាំវាផុតកំណត់ពេលបង់ប្រាក់ មុននឹងកក់ម្តងទៀត។',
  },
  unpaid_seats_limit: {
    zh: '您的未支付订单已保留 {held} 个座位，同时最多可保留 {limit} 个未支付座位（往返航班按每段各计）。请先支付订单，再预订更多座位。',
    en: 'Your unpaid orders already hold {held} seats; at most {limit} seats can be held unpaid at once (a return counts a seat on each flight). Pay an order before booking more seats.',
    km: 'ការកម្មង់មិនទាន់បង់ប្រាក់របស់អ្នកកំពុងរក្សាកៅអី {held} រួចហើយ។ អាចរក្សាកៅអីមិនទាន់បង់ប្រាក់បានច្រើនបំផុត {limit} ក្នុងពេលតែមួយ (ជើងហោះហើរទៅមកគិតកៅអីនៅលើជើងហោះហើរនីមួយៗ)។ សូមបង់ប្រាក់ការកម្មង់មុននឹងកក់កៅអីបន្ថែម។',
  },
  flight_hold_limit: {
    zh: '您在航班 {flight} 上已有 {held} 个未支付座位，同一航班最多可保留 {limit} 个未支付座位。请先支付该订单。',
    en: 'You already hold {held} unpaid seats on flight {flight}; at most {limit} seats on one flight can be held unpaid. Pay that order first.',
    km: 'អ្នកកំពុងរក្សាកៅអីមិនទាន់បង់ប្រាក់ {held} នៅលើជើងហោះហើរ {flight} រួចហើយ។ អាចរក្សាកៅអីមិនទាន់បង់ប្រាក់បានច្រើនបំផុត {limit} នៅលើជើងហោះហើរតែមួយ។ សូមបង់ប្រាក់ការកម្មង់នោះជាមុនសិន។',
  },
  idempotency_key_reused: {
    zh: '此预订请求已用于另一笔预订，请重新开始预订。',
    en: 'This booking request was already used for a different booking; start again.',
    km: 'សំណើកក់នេះត្រូវបានប្រើសម្រាប់ការកក់ផ្សេងរួចហើយ។ សូមចាប់ផ្តើមម្តងទៀត។',
  },
  order_already_paid: {
    zh: '该订单已支付，请勿重复支付',
    en: 'This order is already paid. It cannot be paid again.',
    km: 'ការបញ្ជាទិញនេះបានបង់ប្រាក់រួចហើយ។ មិនអាចបង់ម្តងទៀតបានទេ។',
  },
  pay_unavailable: {
    zh: '暂时无法发起支付，请稍后再试或选择其他支付方式',
    en: 'Payment cannot be started right now. Please try again later or choose another payment method.',
    km: 'មិនអាចចាប់ផ្តើមការទូទាត់បាននៅពេលនេះទេ។ សូមព្យាយាមម្តងទៀតនៅពេលក្រោយ ឬជ្រើសរើសវិធីទូទាត់ផ្សេង។',
  },
  close_tips: {
    zh: '该功能暂未开放，敬请期待',
    en: 'This feature is not open yet.',
    km: 'មុខងារនេះមិនទាន់បើកនៅឡើយទេ។',
  },
  pay_too_many_pending: {
    zh: '该订单已有 {max} 笔支付正在进行中，已达上限。请在已发起的支付中完成付款（再次选择同一支付方式即可回到该支付），或等待其中一笔失败后再试。',
    en: 'This order already has {max} payments in progress, the most allowed. Finish one you started (choose the same payment method to return to it), or try again once one has failed.',
    km: 'ការបញ្ជាទិញនេះមានការទូទាត់ចំនួន {max} កំពុងដំណើរការរួចហើយ ដែលជាចំនួនអតិបរមា។ សូមបញ្ចប់ការទូទាត់ដែលអ្នកបានចាប់ផ្តើម (ជ្រើសរើសវិធីទូទាត់ដដែល ដើម្បីត្រឡប់ទៅវាវិញ) ឬព្យាយាមម្តងទៀតនៅពេលការទូទាត់មួយបានបរាជ័យ។',
  },
  pay_starting: {
    zh: '该订单的支付正在发起中，请稍候几秒再试',
    en: 'A payment of this order is being started right now. Please try again in a few seconds.',
    km: 'ការទូទាត់នៃការបញ្ជាទិញនេះកំពុងត្រូវបានចាប់ផ្តើម។ សូមព្យាយាមម្តងទៀតក្នុងរយៈពេលពីរបីវិនាទីទៀត។',
  },
  exchange_rate_unavailable: {
    zh: '暂无可用汇率，请稍后再试',
    en: 'No exchange rate is available for this currency right now. Please try again later.',
    km: 'មិនទាន់មានអត្រាប្តូរប្រាក់សម្រាប់រូបិយប័ណ្ណនេះនៅពេលនេះទេ។ សូមព្យាយាមម្តងទៀតនៅពេលក្រោយ។',
  },
  flight_time_changed: {
    zh: '所选航班的计划时间已变更，请选择其他航班',
    en: 'The scheduled time of the chosen flight has changed. Please choose another flight.',
    km: 'ម៉ោងគ្រោងនៃជើងហោះហើរដែលបានជ្រើសរើសបានផ្លាស់ប្តូរ។ សូមជ្រើសរើសជើងហោះហើរផ្សេង។',
  },
  'itinerary.order_canceled': {
    zh: '该订单已取消，没有可发送的行程单',
    en: 'This order was canceled, so it has no itinerary to send.',
    km: 'ការបញ្ជាទិញនេះត្រូវបានលុបចោល ដូច្នេះគ្មានកាលវិភាគធ្វើដំណើរសម្រាប់ផ្ញើទេ។',
  },
  'itinerary.send_failed': {
    zh: '行程单邮件发送失败，请稍后再试',
    en: 'The itinerary e-mail could not be sent. Please try again later.',
    km: 'មិនអាចផ្ញើអ៊ីមែលកាលវិភាគធ្វើដំណើរបានទេ។ សូមព្យាយាមម្តងទៀតនៅពេលក្រោយ។',
  },
  'itinerary.too_many': {
    zh: '该订单的行程单发送过于频繁，请一小时后再试',
    en: 'The itinerary of this order has been sent too often. Please try again in an hour.',
    km: 'កាលវិភាគធ្វើដំណើរនៃការបញ្ជាទិញនេះត្រូវបានផ្ញើញឹកញាប់ពេក។ សូមព្យាយាមម្តងទៀតក្នុងរយៈពេលមួយម៉ោង។',
  },
  'itinerary.not_ticketed': {
    zh: '客票正在出票中，请稍后再发送行程单',
    en: 'The e-tickets are still being issued. Please send the itinerary a little later.',
    km: 'សំបុត្រអេឡិចត្រូនិកកំពុងត្រូវបានចេញ។ សូមផ្ញើកាលវិភាគធ្វើដំណើរម្តងទៀតបន្តិចក្រោយ។',
  },
  'itinerary.unpaid': {
    zh: '请先支付订单',
    en: 'Please pay for the order first.',
    km: 'សូមបង់ប្រាក់សម្រាប់ការបញ្ជាទិញជាមុនសិន។',
  },
  email_code_send_failed: {
    zh: '验证码邮件未能发出，请稍后再试',
    en: 'The code e-mail could not be sent. Please try again later.',
    km: 'មិនអាចផ្ញើអ៊ីមែលលេខកូដបានទេ។ សូមព្យាយាមម្តងទៀតនៅពេលក្រោយ។',
  },
  'request.language_invalid': {
    zh: 'language 须为 0（中文）、1（英文）或 2（高棉文）',
    en: 'language must be 0 (Chinese), 1 (English) or 2 (Khmer)',
    km: 'language ត្រូវតែជា 0 (ចិន) 1 (អង់គ្លេស) ឬ 2 (ខ្មែរ)',
  },
  'request.client_source_invalid': {
    zh: 'apiBkSource 须为 {allowed} 之一',
    en: 'apiBkSource must be one of {allowed}',
    km: 'apiBkSource ត្រូវតែជាមួយក្នុងចំណោម {allowed}',
  },
  'promo.unknown': {
    zh: '优惠码无效',
    en: 'This promo code does not exist.',
    km: 'លេខកូដប្រូម៉ូសិននេះមិនមានទេ។',
  },
  'promo.expired': {
    zh: '优惠码不在有效期内',
    en: 'This promo code is not valid on these dates.',
    km: 'លេខកូដប្រូម៉ូសិននេះមិនមានសុពលភាពនៅកាលបរិច្ឆេទទាំងនេះទេ។',
  },
  'promo.min_spend': {
    zh: '订单金额未达到优惠码使用门槛 {amount}',
    en: 'This promo code needs a spend of at least {amount}.',
    km: 'លេខកូដប្រូម៉ូសិននេះត្រូវការការចំណាយយ៉ាងតិច {amount}។',
  },
  'promo.route': {
    zh: '该优惠码不适用于此航线',
    en: 'This promo code does not apply to this route.',
    km: 'លេខកូដប្រូម៉ូសិននេះមិនអនុវត្តចំពោះផ្លូវហោះហើរនេះទេ។',
  },
  'promo.used_up': {
    zh: '该优惠码已被领完',
    en: 'This promo code has been used up.',
    km: 'លេខកូដប្រូម៉ូសិននេះត្រូវបានប្រើអស់ហើយ។',
  },
  'promo.disabled': {
    zh: '该优惠码已停用',
    en: 'This promo code is no longer available.',
    km: 'លេខកូដប្រូម៉ូសិននេះលែងអាចប្រើបានទៀតហើយ។',
  },
  'booking.terms_required': {
    zh: '请阅读并勾选法律条款和服务条款',
    en: 'Please read and tick the legal and service terms.',
    km: 'សូមអាន និងធីកលក្ខខណ្ឌច្បាប់ និងលក្ខខណ្ឌសេវាកម្ម។',
  },
  'booking.passenger_count_mismatch': {
    zh: '旅客人数与所选航班不符',
    en: 'The passengers do not match the numbers searched for.',
    km: 'អ្នកដំណើរមិនត្រូវនឹងចំនួនដែលបានស្វែងរកទេ។',
  },
  'common.enter_correct_data': {
    zh: '请输入正确的信息',
    en: 'Please enter correct information.',
    km: 'សូមបញ្ចូលព័ត៌មានត្រឹមត្រូវ។',
  },
  'search.dep_required': {
    zh: '请选择出发城市',
    en: 'Choose where you fly from.',
    km: 'សូមជ្រើសរើសទីក្រុងចេញដំណើរ។',
  },
  'search.arr_required': {
    zh: '请选择到达城市',
    en: 'Choose where you fly to.',
    km: 'សូមជ្រើសរើសទីក្រុងគោលដៅ។',
  },
  'search.same_city': {
    zh: '出发和到达城市不能相同',
    en: 'Departure and arrival must be different.',
    km: 'ទីក្រុងចេញដំណើរ និងទីក្រុងមកដល់ត្រូវតែខុសគ្នា។',
  },
  'search.date_required': {
    zh: '请选择出发日期',
    en: 'Choose a departure date.',
    km: 'សូមជ្រើសរើសកាលបរិច្ឆេទចេញដំណើរ។',
  },
  'search.return_date_required': {
    zh: '请选择返程日期',
    en: 'Choose a return date.',
    km: 'សូមជ្រើសរើសកាលបរិច្ឆេទត្រឡប់មកវិញ។',
  },
  'search.date_past': {
    zh: '出发日期不能早于今天',
    en: 'The departure date cannot be in the past.',
    km: 'កាលបរិច្ឆេទចេញដំណើរមិនអាចជាថ្ងៃកន្លងមកហើយទេ។',
  },
  'search.date_too_far': {
    zh: '只能查询{days}天内的航班',
    en: 'Flights can be searched up to {days} days ahead.',
    km: 'អាចស្វែងរកជើងហោះហើរបានត្រឹម {days} ថ្ងៃខាងមុខប៉ុណ្ណោះ។',
  },
  'search.return_before_outbound': {
    zh: '返程日期不能早于去程日期',
    en: 'The return date must be on or after the departure date.',
    km: 'កាលបរិច្ឆេទត្រឡប់មកវិញត្រូវតែនៅថ្ងៃ ឬក្រោយថ្ងៃចេញដំណើរ។',
  },
  'search.adult_required': {
    zh: '至少需要一名成人',
    en: 'At least one adult must travel.',
    km: 'ត្រូវមានមនុស្សពេញវ័យយ៉ាងហោចណាស់ម្នាក់។',
  },
  'search.too_many_passengers': {
    zh: '每次最多预订{max}位占座旅客',
    en: 'Up to {max} passengers with seats can be booked at once.',
    km: 'អាចកក់បានអ្នកដំណើរមានកៅអីច្រើនបំផុត {max} នាក់ក្នុងមួយលើក។',
  },
  'search.infants_exceed_adults': {
    zh: '婴儿人数不能超过成人人数',
    en: 'Each infant must travel with their own adult.',
    km: 'ទារកម្នាក់ៗត្រូវធ្វើដំណើរជាមួយមនុស្សពេញវ័យម្នាក់។',
  },
  'search.passenger_count_invalid': {
    zh: '旅客人数无效',
    en: 'The number of passengers is not valid.',
    km: 'ចំនួនអ្នកដំណើរមិនត្រឹមត្រូវ។',
  },
  'refund.china_route': {
    zh: '往返中国大陆航线的机票不可退票',
    en: 'Tickets on routes to or from mainland China cannot be refunded.',
    km: 'សំបុត្រលើជើងហោះហើរទៅ ឬមកពីប្រទេសចិនដីគោក មិនអាចសងប្រាក់វិញបានទេ។',
  },
  'refund.fare_not_refundable': {
    zh: '该票价产品不可退票',
    en: 'This fare cannot be refunded.',
    km: 'តម្លៃសំបុត្រនេះមិនអាចសងប្រាក់វិញបានទេ។',
  },
  'refund.not_owner': {
    zh: '该订单不属于当前用户，无法办理退票',
    en: 'This order does not belong to the current user: it cannot be refunded here.',
    km: 'ការបញ្ជាទិញនេះមិនមែនជារបស់អ្នកប្រើប្រាស់បច្ចុប្បន្នទេ៖ មិនអាចសងប្រាក់វិញនៅទីនេះបានទេ។',
  },
  'refund.order_unpaid': {
    zh: '订单尚未支付，无法退票',
    en: 'This order is not paid: there is nothing to refund.',
    km: 'ការបញ្ជាទិញនេះមិនទាន់បានបង់ប្រាក់ទេ៖ គ្មានអ្វីត្រូវសងវិញទេ។',
  },
  'refund.within_4h': {
    zh: '航班起飞前 4 小时内不可在线退票，请联系客服 {phone}',
    en: 'Online refunds close 4 hours before departure. Please call customer service on {phone}.',
    km: 'មិនអាចសងប្រាក់វិញតាមអនឡាញក្នុងរយៈពេល 4 ម៉ោងមុនពេលចេញដំណើរបានទេ។ សូមទូរស័ព្ទទៅផ្នែកបម្រើអតិថិជនតាមលេខ {phone}។',
  },
  'refund.used_ticket': {
    zh: '机票已使用或已值机，不可在线退票，请联系客服 {phone}',
    en: 'A ticket that was used or checked in cannot be refunded online. Please call customer service on {phone}.',
    km: 'សំបុត្រដែលបានប្រើ ឬបានឆែកអ៊ីនរួច មិនអាចសងប្រាក់វិញតាមអនឡាញបានទេ។ សូមទូរស័ព្ទទៅផ្នែកបម្រើអតិថិជនតាមលេខ {phone}។',
  },
  'refund.infant': {
    zh: '含婴儿的订单不可在线退票，请联系客服 {phone}',
    en: 'Bookings with an infant cannot be refunded online. Please call customer service on {phone}.',
    km: 'ការកក់ដែលមានទារក មិនអាចសងប្រាក់វិញតាមអនឡាញបានទេ។ សូមទូរស័ព្ទទៅផ្នែកបម្រើអតិថិជនតាមលេខ {phone}។',
  },
  'refund.china_route_blocked': {
    zh: '往返中国大陆航线不可在线退票，请联系客服 {phone}',
    en: 'Routes to or from mainland China cannot be refunded online. Please call customer service on {phone}.',
    km: 'ជើងហោះហើរទៅ ឬមកពីប្រទេសចិនដីគោក មិនអាចសងប្រាក់វិញតាមអនឡាញបានទេ។ សូមទូរស័ព្ទទៅផ្នែកបម្រើអតិថិជនតាមលេខ {phone}។',
  },
  'refund.cabin_blocked': {
    zh: '该舱位不支持退票，如有疑问请联系客服 {phone}',
    en: 'This cabin fare cannot be refunded. For questions, please call customer service on {phone}.',
    km: 'តម្លៃថ្នាក់កៅអីនេះមិនអាចសងប្រាក់វិញបានទេ។ ប្រសិនបើមានសំណួរ សូមទូរស័ព្ទទៅផ្នែកបម្រើអតិថិជនតាមលេខ {phone}។',
  },
  'refund.flight_expired': {
    zh: '航班已过期，不可在线退票，请联系客服 {phone}',
    en: 'This flight has expired and cannot be refunded online. Please call customer service on {phone}.',
    km: 'ជើងហោះហើរនេះផុតកំណត់ហើយ មិនអាចសងប្រាក់វិញតាមអនឡាញបានទេ។ សូមទូរស័ព្ទទៅផ្នែកបម្រើអតិថិជនតាមលេខ {phone}។',
  },
  'refund.no_passenger': {
    zh: '请至少选择一位退票乘机人',
    en: 'Choose at least one passenger to refund.',
    km: 'សូមជ្រើសរើសអ្នកដំណើរយ៉ាងហោចណាស់ម្នាក់ដើម្បីសងប្រាក់វិញ។',
  },
  'refund.minors_alone': {
    zh: '未成年乘机人须由至少 {adultCount} 位年满 18 周岁的成人陪同，请同时选择或保留足够的成人',
    en: 'Minors must stay with at least {adultCount} adults aged 18 or over: refund them together, or keep enough adults on the booking.',
    km: 'អនីតិជនត្រូវតែនៅជាមួយមនុស្សពេញវ័យអាយុ 18 ឆ្នាំឡើងយ៉ាងហោចណាស់ {adultCount} នាក់៖ សូមសងប្រាក់វិញជាមួយគ្នា ឬទុកមនុស្សពេញវ័យគ្រប់គ្រាន់នៅក្នុងការកក់។',
  },
  'refund.no_eligible': {
    zh: '没有符合退票条件的乘机人',
    en: 'No passenger meets the refund conditions.',
    km: 'គ្មានអ្នកដំណើរណាម្នាក់បំពេញលក្ខខណ្ឌសងប្រាក់វិញទេ។',
  },
  'refund.key_reused': {
    zh: '该请求编号已用于另一笔退票申请，请重新提交',
    en: 'This request key was used for another refund request. Please submit again.',
    km: 'លេខសំណើនេះត្រូវបានប្រើសម្រាប់សំណើសងប្រាក់វិញផ្សេងទៀតហើយ។ សូមដាក់ស្នើម្តងទៀត។',
  },
  'refund.not_found': {
    zh: '退票单不存在',
    en: 'This refund order does not exist.',
    km: 'ការបញ្ជាសងប្រាក់វិញនេះមិនមានទេ។',
  },
  'refund.draft_expired': {
    zh: '退票申请已超时，请重新计算退票费用后提交',
    en: 'This refund request timed out. Please check the refund amount again and submit.',
    km: 'សំណើសងប្រាក់វិញនេះហួសពេលហើយ។ សូមពិនិត្យចំនួនទឹកប្រាក់សងវិញម្តងទៀត ហើយដាក់ស្នើ។',
  },
  'refund.in_progress': {
    zh: '该乘机人的机票正在退票中',
    en: "This passenger's ticket is already being refunded.",
    km: 'សំបុត្ររបស់អ្នកដំណើរនេះកំពុងស្ថិតក្នុងដំណើរការសងប្រាក់វិញរួចហើយ។',
  },
  'refund.ticket_refunded': {
    zh: '该乘机人的机票已退票',
    en: "This passenger's ticket has been refunded.",
    km: 'សំបុត្ររបស់អ្នកដំណើរនេះត្រូវបានសងប្រាក់វិញរួចហើយ។',
  },
  'refund.error': {
    zh: '退票失败，请查看退票规则',
    en: 'The refund could not be made. Please check the refund rules.',
    km: 'មិនអាចសងប្រាក់វិញបានទេ។ សូមពិនិត្យច្បាប់នៃការសងប្រាក់វិញ។',
  },
  'refund.reason.plans_changed': {
    zh: '行程变更',
    en: 'My travel plans changed',
    km: 'ផែនការធ្វើដំណើររបស់ខ្ញុំបានផ្លាស់ប្តូរ',
  },
  'refund.reason.illness': {
    zh: '本人或同行人生病（需提供医疗证明）',
    en: 'I or a travel companion fell ill (with a medical certificate)',
    km: 'ខ្ញុំ ឬដៃគូធ្វើដំណើរមានជំងឺ (មានវិញ្ញាបនបត្រវេជ្ជសាស្ត្រ)',
  },
  'refund.reason.visa_refused': {
    zh: '签证被拒',
    en: 'My visa was refused',
    km: 'ទិដ្ឋាការរបស់ខ្ញុំត្រូវបានបដិសេធ',
  },
  'refund.reason.bereavement': {
    zh: '直系亲属离世',
    en: 'Death of a close family member',
    km: 'ការស្លាប់របស់សមាជិកគ្រួសារជិតស្និទ្ធ',
  },
  'refund.reason.other_personal': {
    zh: '其他个人原因',
    en: 'Another personal reason',
    km: 'ហេតុផលផ្ទាល់ខ្លួនផ្សេងទៀត',
  },
  'refund.reason.flight_canceled': {
    zh: '航班取消',
    en: 'The flight was canceled',
    km: 'ជើងហោះហើរត្រូវបានលុបចោល',
  },
  'refund.reason.flight_retimed': {
    zh: '航班时刻变更或延误',
    en: 'The flight time changed or was delayed',
    km: 'ម៉ោងហោះហើរបានផ្លាស់ប្តូរ ឬពន្យារពេល',
  },
  'admin.refund_order_not_found': {
    zh: '退票单不存在',
    en: 'No refund order has this number.',
    km: 'គ្មានការបញ្ជាសងប្រាក់វិញណាមានលេខនេះទេ។',
  },
  'admin.refund_order_not_auditing': {
    zh: '只有待审核的退票单才能审核通过或拒绝',
    en: 'Only a refund waiting for audit can be approved or rejected.',
    km: 'មានតែការសងប្រាក់វិញដែលកំពុងរង់ចាំការត្រួតពិនិត្យប៉ុណ្ណោះ ដែលអាចអនុម័ត ឬបដិសេធបាន។',
  },
  // changes of date (issue 16)
  'change.not_owner': {
    zh: '该订单不属于当前用户，无法改期',
    en: 'This order does not belong to the current user: its dates cannot be changed here.',
    km: 'ការបញ្ជាទិញនេះមិនមែនជារបស់អ្នកប្រើប្រាស់បច្ចុប្បន្នទេ៖ មិនអាចប្តូរកាលបរិច្ឆេទនៅទីនេះបានទេ។',
  },
  'change.order_unpaid': {
    zh: '订单尚未支付，无法改期',
    en: 'This order is not paid: its dates cannot be changed.',
    km: 'ការបញ្ជាទិញនេះមិនទាន់បានបង់ប្រាក់ទេ៖ មិនអាចប្តូរកាលបរិច្ឆេទបានទេ។',
  },
  'change.within_4h': {
    zh: '航班起飞前 4 小时内不可在线改期，请联系客服 {phone}',
    en: 'Online date changes close 4 hours before departure. Please call customer service on {phone}.',
    km: 'មិនអាចប្តូរកាលបរិច្ឆេទតាមអនឡាញក្នុងរយៈពេល 4 ម៉ោងមុនពេលចេញដំណើរបានទេ។ សូមទូរស័ព្ទទៅផ្នែកបម្រើអតិថិជនតាមលេខ {phone}។',
  },
  'change.used_ticket': {
    zh: '机票已使用或已值机，不可在线改期，请联系客服 {phone}',
    en: 'A ticket that was used or checked in cannot be changed online. Please call customer service on {phone}.',
    km: 'សំបុត្រដែលបានប្រើ ឬបានឆែកអ៊ីនរួច មិនអាចប្តូរតាមអនឡាញបានទេ។ សូមទូរស័ព្ទទៅផ្នែកបម្រើអតិថិជនតាមលេខ {phone}។',
  },
  'change.infant': {
    zh: '含婴儿的订单不可在线改期，请联系客服 {phone}',
    en: 'Bookings with an infant cannot be changed online. Please call customer service on {phone}.',
    km: 'ការកក់ដែលមានទារក មិនអាចប្តូរកាលបរិច្ឆេទតាមអនឡាញបានទេ។ សូមទូរស័ព្ទទៅផ្នែកបម្រើអតិថិជនតាមលេខ {phone}។',
  },
  'change.china_route': {
    zh: '往返中国大陆航线不可在线改期，请联系客服 {phone}',
    en: 'Routes to or from mainland China cannot be changed online. Please call customer service on {phone}.',
    km: 'ជើងហោះហើរទៅ ឬមកពីប្រទេសចិនដីគោក មិនអាចប្តូរកាលបរិច្ឆេទតាមអនឡាញបានទេ។ សូមទូរស័ព្ទទៅផ្នែកបម្រើអតិថិជនតាមលេខ {phone}។',
  },
  'change.fare_blocked': {
    zh: '该舱位不支持改期，如有疑问请联系客服 {phone}',
    en: 'This fare cannot be changed. For questions, please call customer service on {phone}.',
    km: 'តម្លៃសំបុត្រនេះមិនអាចប្តូរកាលបរិច្ឆេទបានទេ។ ប្រសិនបើមានសំណួរ សូមទូរស័ព្ទទៅផ្នែកបម្រើអតិថិជនតាមលេខ {phone}។',
  },
  'change.flight_expired': {
    zh: '航班已过期，不可在线改期，请联系客服 {phone}',
    en: 'A flight of this order has already left: it cannot be changed online. Please call customer service on {phone}.',
    km: 'ជើងហោះហើរមួយនៃការបញ្ជាទិញនេះបានចេញដំណើររួចហើយ៖ មិនអាចប្តូរតាមអនឡាញបានទេ។ សូមទូរស័ព្ទទៅផ្នែកបម្រើអតិថិជនតាមលេខ {phone}។',
  },
  'change.upgrade_blocked': {
    zh: '已购买退票保障升级的订单不可在线改期，请联系客服 {phone}',
    en: 'Bookings with the refundable-ticket upgrade cannot be changed online. Please call customer service on {phone}.',
    km: 'ការកក់ដែលមានការដំឡើងសំបុត្រអាចសងប្រាក់វិញ មិនអាចប្តូរកាលបរិច្ឆេទតាមអនឡាញបានទេ។ សូមទូរស័ព្ទទៅផ្នែកបម្រើអតិថិជនតាមលេខ {phone}។',
  },
  'change.already_rescheduled': {
    zh: '该订单已改期，不可再次改期',
    en: 'This order was already rescheduled: it cannot be rescheduled again.',
    km: 'ការបញ្ជាទិញនេះត្រូវបានប្តូរកាលបរិច្ឆេទរួចហើយ៖ មិនអាចប្តូរម្តងទៀតបានទេ។',
  },
  'change.in_progress': {
    zh: '该订单正在改期中，请先完成或等待当前改期',
    en: 'A change of this order is already under way: finish it, or wait until it lapses.',
    km: 'ការប្តូរកាលបរិច្ឆេទនៃការបញ្ជាទិញនេះកំពុងដំណើរការ៖ សូមបញ្ចប់វា ឬរង់ចាំរហូតដល់វាផុតកំណត់។',
  },
  'change.outbound_after_return': {
    zh: '新的去程日期不能晚于原回程起飞日期（{date}）',
    en: 'The new outbound date cannot be later than the original return departure ({date}).',
    km: 'កាលបរិច្ឆេទចេញដំណើរថ្មីមិនអាចយឺតជាងការចេញដំណើរត្រឡប់មកវិញដើម ({date}) បានទេ។',
  },
  'change.return_before_departure': {
    zh: '新的回程日期不能早于原去程起飞日期（{date}）',
    en: 'The new return date cannot be before the original departure ({date}).',
    km: 'កាលបរិច្ឆេទត្រឡប់មកវិញថ្មីមិនអាចមុនការចេញដំណើរដើម ({date}) បានទេ។',
  },
  'change.reason_required': {
    zh: '请选择改期原因',
    en: 'Choose a reason for the change.',
    km: 'សូមជ្រើសរើសមូលហេតុនៃការប្តូរ។',
  },
  'change.flight_time_changed': {
    zh: '所选航班时刻已变更，请重新选择航班',
    en: 'The time of the chosen flight has changed. Please choose another flight.',
    km: 'ម៉ោងនៃជើងហោះហើរដែលបានជ្រើសរើសបានផ្លាស់ប្តូរ។ សូមជ្រើសរើសជើងហោះហើរផ្សេងទៀត។',
  },
  'change.no_flights': {
    zh: '该日期暂无航班',
    en: 'There are no flights on this date.',
    km: 'គ្មានជើងហោះហើរនៅថ្ងៃនេះទេ។',
  },
  'change.sold_out': {
    zh: '所选航班座位已售完，请重新选择航班',
    en: 'The chosen flight has no seats left for this change. Please choose another flight.',
    km: 'ជើងហោះហើរដែលបានជ្រើសរើសគ្មានកៅអីនៅសល់សម្រាប់ការប្តូរនេះទេ។ សូមជ្រើសរើសជើងហោះហើរផ្សេងទៀត។',
  },
  'change.not_found': {
    zh: '改期单不存在',
    en: 'This order has no such change.',
    km: 'ការបញ្ជាទិញនេះគ្មានការប្តូរបែបនេះទេ។',
  },
  'change.quote_expired': {
    zh: '改期报价已过期，座位已释放，请重新选择航班',
    en: 'This change was not confirmed in time and its seats went back. Please choose your flights again.',
    km: 'ការប្តូរនេះមិនត្រូវបានបញ្ជាក់ទាន់ពេលទេ ហើយកៅអីរបស់វាត្រូវបានដោះលែង។ សូមជ្រើសរើសជើងហោះហើររបស់អ្នកម្តងទៀត។',
  },
  'change.key_reused': {
    zh: '该请求编号已用于其他改期',
    en: 'This request key was already used for another change.',
    km: 'លេខសម្គាល់សំណើនេះត្រូវបានប្រើសម្រាប់ការប្តូរផ្សេងទៀតរួចហើយ។',
  },
  'change.insurance_abnormal': {
    zh: '保险信息异常，保险期间无法覆盖新的日期，请联系客服 {phone}',
    en: 'Insurance abnormal: the insured period cannot cover the new dates. Please call customer service on {phone}.',
    km: 'ការធានារ៉ាប់រងមិនប្រក្រតី៖ រយៈពេលធានារ៉ាប់រងមិនអាចគ្របដណ្តប់កាលបរិច្ឆេទថ្មីបានទេ។ សូមទូរស័ព្ទទៅផ្នែកបម្រើអតិថិជនតាមលេខ {phone}។',
  },
  'change.insurance_terms': {
    zh: '请阅读并同意保险协议',
    en: 'Please read and accept the insurance agreement.',
    km: 'សូមអាន និងយល់ព្រមលើកិច្ចព្រមព្រៀងធានារ៉ាប់រង។',
  },
  'change.same_flight': {
    zh: '请选择与原航班不同的航班',
    en: 'Choose a flight other than the one you are booked on.',
    km: 'សូមជ្រើសរើសជើងហោះហើរផ្សេងពីជើងដែលអ្នកបានកក់។',
  },
  'change.not_disrupted': {
    zh: '该航班无航司变更，或所选日期超出前后 3 天',
    en: 'This flight was not changed by the airline, or the date is more than 3 days from it.',
    km: 'ជើងហោះហើរនេះមិនត្រូវបានក្រុមហ៊ុនអាកាសចរណ៍ផ្លាស់ប្តូរទេ ឬកាលបរិច្ឆេទលើសពី 3 ថ្ងៃពីវា។',
  },
  'change.refunding': {
    zh: '有旅客的机票正在退票或已退票，无法改期',
    en: "A passenger's ticket is being refunded or was refunded: the order cannot be changed.",
    km: 'សំបុត្ររបស់អ្នកដំណើរម្នាក់កំពុងសងប្រាក់វិញ ឬបានសងប្រាក់វិញហើយ៖ មិនអាចប្តូរការបញ្ជាទិញបានទេ។',
  },
  'change.not_ticketed': {
    zh: '订单尚未出票，请稍后再试',
    en: 'The tickets of this order are not issued yet. Please try again shortly.',
    km: 'សំបុត្រនៃការបញ្ជាទិញនេះមិនទាន់ចេញនៅឡើយទេ។ សូមព្យាយាមម្តងទៀតបន្តិចក្រោយ។',
  },
  'change.reason.plans_changed': {
    zh: '行程变更',
    en: 'My plans changed',
    km: 'ផែនការរបស់ខ្ញុំបានផ្លាស់ប្តូរ',
  },
  'change.reason.illness': {
    zh: '生病或受伤',
    en: 'Illness or injury',
    km: 'ជំងឺ ឬរបួស',
  },
  'change.reason.work': {
    zh: '工作原因',
    en: 'Work',
    km: 'ការងារ',
  },
  'change.reason.missed_connection': {
    zh: '衔接航班或交通延误',
    en: 'A connection or transport was delayed',
    km: 'ការតភ្ជាប់ ឬការធ្វើដំណើរត្រូវបានពន្យារពេល',
  },
  'change.reason.other': {
    zh: '其他原因',
    en: 'Another reason',
    km: 'មូលហេតុផ្សេងទៀត',
  },
  'change.reason.flight_disrupted': {
    zh: '航司变更航班',
    en: 'The airline changed my flight',
    km: 'ក្រុមហ៊ុនអាកាសចរណ៍បានផ្លាស់ប្តូរជើងហោះហើររបស់ខ្ញុំ',
  },
  'change.carry.carried': {
    zh: '随新航班保留',
    en: 'Kept on the new flight',
    km: 'រក្សាទុកលើជើងហោះហើរថ្មី',
  },
  'change.carry.reseat': {
    zh: '原座位 {seat} 已释放，新航班将为您选择同类座位',
    en: 'Seat {seat} is released; a seat of the same kind is chosen for you on the new flight.',
    km: 'កៅអី {seat} ត្រូវបានដោះលែង។ កៅអីប្រភេទដូចគ្នានឹងត្រូវបានជ្រើសរើសសម្រាប់អ្នកលើជើងហោះហើរថ្មី។',
  },
  'change.carry.insurance': {
    zh: '保险期间随新日期调整',
    en: 'The insured period moves with the new dates.',
    km: 'រយៈពេលធានារ៉ាប់រងផ្លាស់ប្តូរតាមកាលបរិច្ឆេទថ្មី។',
  },
  'change.carry.lapsed': {
    zh: '不再适用',
    en: 'No longer applies',
    km: 'លែងអនុវត្តទៀតហើយ',
  },
  'admin.change_order_not_found': {
    zh: '改期单不存在',
    en: 'No change order has this number.',
    km: 'គ្មានការបញ្ជាប្តូរកាលបរិច្ឆេទណាមានលេខនេះទេ។',
  },
  'admin.disruption_not_found': {
    zh: '该航班未被调时或取消',
    en: 'This flight was neither retimed nor canceled.',
    km: 'ជើងហោះហើរនេះមិនត្រូវបានប្តូរម៉ោង ឬលុបចោលទេ។',
  },
  // member programme (issue 17)
  'member.incorrect_login': {
    zh: '会员账号、密码或验证码错误',
    en: 'The member account, password or code is wrong.',
    km: 'គណនីសមាជិក ពាក្យសម្ងាត់ ឬលេខកូដមិនត្រឹមត្រូវទេ។',
  },
  'member.login_limit': {
    zh: '登录失败次数过多，账号已暂时锁定，请 15 分钟后再试',
    en: 'Too many failed sign-ins: the account is locked for 15 minutes.',
    km: 'ចូលបរាជ័យច្រើនដងពេក៖ គណនីត្រូវបានចាក់សោរយៈពេល 15 នាទី។',
  },
  'member.repeated_rejection': {
    zh: '您的会员资料多次审核未通过，账号已冻结，请联系客服 {phone}',
    en: 'Your membership details were rejected several times and the account is blocked. Please call customer service on {phone}.',
    km: 'ព័ត៌មានសមាជិករបស់អ្នកត្រូវបានបដិសេធច្រើនដង ហើយគណនីត្រូវបានបិទ។ សូមទូរស័ព្ទទៅផ្នែកបម្រើអតិថិជនតាមលេខ {phone}។',
  },
  'member.audit_in_progress': {
    zh: '会员资料审核中，请耐心等待',
    en: 'Your membership details are being checked. Please wait for the result.',
    km: 'ព័ត៌មានសមាជិករបស់អ្នកកំពុងត្រូវបានពិនិត្យ។ សូមរង់ចាំលទ្ធផល។',
  },
  'member.info_rejected': {
    zh: '您提交的会员资料未通过审核，请修改后重新提交',
    en: 'The membership details you sent were rejected. Please correct them and send them again.',
    km: 'ព័ត៌មានសមាជិកដែលអ្នកបានផ្ញើត្រូវបានបដិសេធ។ សូមកែតម្រូវ ហើយផ្ញើម្តងទៀត។',
  },
  'member.blocked': {
    zh: '会员账号已被冻结，请联系客服 {phone}',
    en: 'This membership is blocked. Please call customer service on {phone}.',
    km: 'សមាជិកភាពនេះត្រូវបានបិទ។ សូមទូរស័ព្ទទៅផ្នែកបម្រើអតិថិជនតាមលេខ {phone}។',
  },
  'member.code_invalid': {
    zh: '验证码错误或已过期',
    en: 'The code is wrong or has expired.',
    km: 'លេខកូដមិនត្រឹមត្រូវ ឬផុតកំណត់ហើយ។',
  },
  'member.code_too_soon': {
    zh: '验证码已发送，请一分钟后再试',
    en: 'A code was just sent. You can ask for another in a minute.',
    km: 'លេខកូដទើបតែបានផ្ញើ។ អ្នកអាចស្នើម្តងទៀតក្នុងរយៈពេលមួយនាទី។',
  },
  'member.code_send_failed': {
    zh: '验证码发送失败，请稍后再试',
    en: 'The code could not be sent. Please try again later.',
    km: 'មិនអាចផ្ញើលេខកូដបានទេ។ សូមព្យាយាមម្តងទៀតនៅពេលក្រោយ។',
  },
  'member.email_exist': {
    zh: '该邮箱已注册会员',
    en: 'This e-mail already belongs to a member.',
    km: 'អ៊ីមែលនេះជារបស់សមាជិកម្នាក់រួចហើយ។',
  },
  'member.phone_exist': {
    zh: '该手机号已注册会员',
    en: 'This phone number already belongs to a member.',
    km: 'លេខទូរស័ព្ទនេះជារបស់សមាជិកម្នាក់រួចហើយ។',
  },
  'member.document_exist': {
    zh: '该证件已被其他会员使用',
    en: 'This document is already registered to another member.',
    km: 'ឯកសារនេះបានចុះឈ្មោះសម្រាប់សមាជិកម្នាក់ទៀតរួចហើយ។',
  },
  'member.old_password_wrong': {
    zh: '原密码错误',
    en: 'The old password is wrong.',
    km: 'ពាក្យសម្ងាត់ចាស់មិនត្រឹមត្រូវទេ។',
  },
  'member.already_joined': {
    zh: '该账号已加入会员计划',
    en: 'This account has already joined the membership programme.',
    km: 'គណនីនេះបានចូលរួមកម្មវិធីសមាជិករួចហើយ។',
  },
  'member.documents_full': {
    zh: '无法继续添加证件',
    en: 'No more documents can be added.',
    km: 'មិនអាចបន្ថែមឯកសារទៀតបានទេ។',
  },
  'member.document_type_exists': {
    zh: '该证件类型已存在',
    en: 'A document of this type already exists.',
    km: 'ឯកសារប្រភេទនេះមានរួចហើយ។',
  },
  'member.document_add_failed': {
    zh: '证件添加失败，请重新上传照片',
    en: 'The document could not be added. Please upload its photos again.',
    km: 'មិនអាចបន្ថែមឯកសារបានទេ។ សូមផ្ទុករូបថតរបស់វាឡើងម្តងទៀត។',
  },
  'member.document_photo_missing': {
    zh: '请上传证件照片',
    en: 'Upload the photo of the document.',
    km: 'សូមផ្ទុករូបថតឯកសារឡើង។',
  },
  'member.document_in_use': {
    zh: '注册证件或唯一的证件不能删除',
    en: 'The document you registered with, or your only document, cannot be deleted.',
    km: 'ឯកសារដែលអ្នកបានចុះឈ្មោះ ឬឯកសារតែមួយរបស់អ្នក មិនអាចលុបបានទេ។',
  },
  delete_address_impor: {
    zh: '主要地址、主要邮箱和主要电话不能删除',
    en: 'The main address, main e-mail and main phone cannot be deleted.',
    km: 'អាសយដ្ឋានចម្បង អ៊ីមែលចម្បង និងទូរស័ព្ទចម្បង មិនអាចលុបបានទេ។',
  },
  change_address_impor: {
    zh: '已存在主要地址',
    en: 'A main address already exists.',
    km: 'មានអាសយដ្ឋានចម្បងរួចហើយ។',
  },
  'member.records_full': {
    zh: '已达到可保存的数量上限',
    en: 'You already keep as many of these as allowed.',
    km: 'អ្នករក្សាទុកចំនួនអតិបរមាដែលអនុញ្ញាតរួចហើយ។',
  },
  'member.password_format': {
    zh: '会员密码须为 6 位数字',
    en: 'The member password is exactly 6 digits.',
    km: 'ពាក្យសម្ងាត់សមាជិកមាន 6 ខ្ទង់លេខ។',
  },
  'member.password_same_digits': {
    zh: '密码不能是 6 位相同数字（如 888888）',
    en: 'The password cannot be one digit six times (such as 888888).',
    km: 'ពាក្យសម្ងាត់មិនអាចជាលេខដដែលប្រាំមួយដង (ដូចជា 888888) បានទេ។',
  },
  'member.password_sequential': {
    zh: '密码不能是连续数字（如 123456 或 654321）',
    en: 'The password cannot be a run of digits (such as 123456 or 654321).',
    km: 'ពាក្យសម្ងាត់មិនអាចជាលេខរៀងតគ្នា (ដូចជា 123456 ឬ 654321) បានទេ។',
  },
  'member.validity_required': {
    zh: '请填写有效期',
    en: 'Enter the validity period.',
    km: 'សូមបញ្ចូលរយៈពេលសុពលភាព។',
  },
  'member.validity_order': {
    zh: '有效期结束日期须晚于开始日期',
    en: 'The validity must end after it starts.',
    km: 'សុពលភាពត្រូវបញ្ចប់ក្រោយពេលចាប់ផ្តើម។',
  },
  'member.valid_from_future': {
    zh: '有效期开始日期不能晚于今天',
    en: 'The validity cannot start after today.',
    km: 'សុពលភាពមិនអាចចាប់ផ្តើមក្រោយថ្ងៃនេះបានទេ។',
  },
  'member.document_expired': {
    zh: '证件已过期',
    en: 'The document has expired.',
    km: 'ឯកសារបានផុតកំណត់ហើយ។',
  },
  'member.beneficiary_document_required': {
    zh: '受益人至少需要一个证件',
    en: 'A beneficiary needs at least one identification.',
    km: 'អ្នកទទួលផលត្រូវការអត្តសញ្ញាណយ៉ាងហោចណាស់មួយ។',
  },
  'member.address_required': {
    zh: '请填写完整地址',
    en: 'Fill in the whole address.',
    km: 'សូមបំពេញអាសយដ្ឋានទាំងមូល។',
  },
  'member.adult_only': {
    zh: '会员须年满 18 周岁',
    en: 'Members must be 18 or older.',
    km: 'សមាជិកត្រូវមានអាយុ 18 ឆ្នាំឡើងទៅ។',
  },
  'member.level_0': { zh: '银卡', en: 'Silver', km: 'ប្រាក់' },
  'member.level_1': { zh: '金卡', en: 'Gold', km: 'មាស' },
  'member.level_2': { zh: '白金卡', en: 'Platinum', km: 'ប្លាទីន' },
  'upload.not_image': {
    zh: '请上传 JPG、PNG 或 WebP 格式的图片',
    en: 'Upload a picture: JPEG, PNG or WebP.',
    km: 'សូមផ្ទុករូបភាពឡើង៖ JPEG, PNG ឬ WebP។',
  },
  'upload.too_large': {
    zh: '图片不能超过 {max} MB',
    en: 'The picture must be at most {max} MB.',
    km: 'រូបភាពត្រូវមានទំហំមិនលើសពី {max} MB។',
  },
  'upload.unsafe': {
    zh: '该图片包含非图片内容，无法上传',
    en: 'This picture carries something that is not a picture and cannot be uploaded.',
    km: 'រូបភាពនេះមានខ្លឹមសារដែលមិនមែនជារូបភាព ហើយមិនអាចផ្ទុកឡើងបានទេ។',
  },
  'mileage.frozen': {
    zh: '您的里程已被冻结，暂不能使用。请查看冻结详情或联系客服',
    en: 'Your miles are frozen and cannot be used for now. See the freeze details or contact customer service.',
    km: 'ម៉ាយរបស់អ្នកត្រូវបានបង្កក ហើយមិនអាចប្រើបានទេសម្រាប់ពេលនេះ។ សូមមើលព័ត៌មានលម្អិតនៃការបង្កក ឬទាក់ទងសេវាអតិថិជន។',
  },
  'mileage.insufficient': {
    zh: '里程余额不足',
    en: 'You do not have enough miles.',
    km: 'អ្នកមិនមានម៉ាយគ្រប់គ្រាន់ទេ។',
  },
  'mileage.passenger_not_legal': {
    zh: '该乘机人不是会员本人或已生效的受益人',
    en: 'This passenger is not the member or one of the member’s effective beneficiaries.',
    km: 'អ្នកដំណើរនេះមិនមែនជាសមាជិក ឬអ្នកទទួលផលដែលមានសុពលភាពរបស់សមាជិកទេ។',
  },
  'mileage.no_flight_found': {
    zh: '未找到符合条件的航班',
    en: 'No flight was found.',
    km: 'រកមិនឃើញជើងហោះហើរទេ។',
  },
  'mileage.no_claim': {
    zh: '暂无补登记录',
    en: 'There is no such claim.',
    km: 'មិនមានការទាមទារនេះទេ។',
  },
  'mileage.no_freeze_details': {
    zh: '您的里程未被冻结，暂无冻结详情',
    en: 'Your miles are not frozen: there are no freeze details.',
    km: 'ម៉ាយរបស់អ្នកមិនត្រូវបានបង្កកទេ៖ មិនមានព័ត៌មានលម្អិតនៃការបង្កកទេ។',
  },
  'mileage.connection_too_short': {
    zh: '联程航班间隔须超过120分钟',
    en: 'Connecting flights must be more than 120 minutes apart.',
    km: 'ជើងហោះហើរតភ្ជាប់ត្រូវឃ្លាតពីគ្នាលើសពី 120 នាទី។',
  },
  'mileage.id_illegal': {
    zh: '证件已过期或证件号码不合法',
    en: 'The document has expired or its number is not valid.',
    km: 'ឯកសារផុតកំណត់ ឬលេខរបស់វាមិនត្រឹមត្រូវទេ។',
  },
  'mileage.empty_data': {
    zh: '暂无数据',
    en: 'No data yet.',
    km: 'មិនទាន់មានទិន្នន័យទេ។',
  },
  'mileage.too_many_tickets': {
    zh: '每次兑换最多9张机票',
    en: 'At most 9 tickets can be redeemed at a time.',
    km: 'អាចប្តូរសំបុត្របានច្រើនបំផុត 9 ក្នុងមួយលើក។',
  },
  'mileage.claim_window': {
    zh: '只能补登已飞行且在6个月内的航班',
    en: 'Only a flight already flown, within the last 6 months, can be claimed.',
    km: 'អាចទាមទារបានតែជើងហោះហើរដែលបានហោះរួច ក្នុងរយៈពេល 6 ខែចុងក្រោយប៉ុណ្ណោះ។',
  },
  'mileage.claim_duplicate': {
    zh: '该航班的里程已累积或正在审核中',
    en: 'The miles of this flight are already credited, or a claim for it is being audited.',
    km: 'ម៉ាយនៃជើងហោះហើរនេះត្រូវបានបញ្ចូលរួចហើយ ឬការទាមទារសម្រាប់វាកំពុងត្រូវបានពិនិត្យ។',
  },
  'mileage.claim_no_show': {
    zh: '该航班未乘坐，不能补登里程。误机退票请在3个月内通过客票申请',
    en: 'This flight was missed, so it earns no miles. A missed-flight refund can be asked for from the ticket within 3 months.',
    km: 'ជើងហោះហើរនេះត្រូវបានខកខាន ដូច្នេះមិនទទួលបានម៉ាយទេ។ ការសងប្រាក់វិញសម្រាប់ការខកជើងហោះហើរអាចស្នើពីសំបុត្រក្នុងរយៈពេល 3 ខែ។',
  },
  'mileage.bill_not_available': {
    zh: '该月账单暂不可查（可查近12个月，上月账单于每月5日后生成）',
    en: 'This month’s bill is not available: bills cover the last 12 months, and last month’s is ready after the 5th.',
    km: 'វិក្កយបត្រខែនេះមិនទាន់មានទេ៖ វិក្កយបត្រគ្របដណ្តប់ 12 ខែចុងក្រោយ ហើយវិក្កយបត្រខែមុនរួចរាល់បន្ទាប់ពីថ្ងៃទី 5។',
  },
  'mileage.field_empty': {
    zh: '{field}不能为空',
    en: '{field} cannot be empty.',
    km: '{field} មិនអាចទទេបានទេ។',
  },
  'mileage.duplicate_name': {
    zh: '同一航班的受益人姓名不能相同',
    en: 'Two beneficiaries on the same flight cannot have the same name.',
    km: 'អ្នកទទួលផលពីរនាក់នៅលើជើងហោះហើរតែមួយមិនអាចមានឈ្មោះដូចគ្នាបានទេ។',
  },
  'mileage.unknown_route': {
    zh: '无法计算：航线、舱位或客票类型不存在',
    en: 'This cannot be worked out: there is no such route, cabin or ticket type.',
    km: 'មិនអាចគណនាបានទេ៖ មិនមានផ្លូវហោះហើរ ថ្នាក់កៅអី ឬប្រភេទសំបុត្របែបនេះទេ។',
  },
  'admin.claim_not_found': {
    zh: '补登申请不存在',
    en: 'No claim has this id.',
    km: 'គ្មានការទាមទារណាមានលេខសម្គាល់នេះទេ។',
  },
  'admin.claim_not_auditing': {
    zh: '该补登申请已处理',
    en: 'This claim has already been decided.',
    km: 'ការទាមទារនេះត្រូវបានសម្រេចរួចហើយ។',
  },
  'admin.mileage_freeze_state': {
    zh: '里程冻结状态已是如此',
    en: 'The miles are already in that state (frozen or not).',
    km: 'ម៉ាយស្ថិតក្នុងស្ថានភាពនោះរួចហើយ (បង្កក ឬមិនបង្កក)។',
  },
  'admin.earn_rate_unknown_class': {
    zh: '订座舱位不存在',
    en: 'No booking class has this letter.',
    km: 'គ្មានថ្នាក់កក់ណាមានអក្សរនេះទេ។',
  },
  'admin.award_chart_incomplete': {
    zh: '兑换表须包含每个区域和舱位各一次',
    en: 'The award chart must hold every zone and cabin exactly once.',
    km: 'តារាងរង្វាន់ត្រូវមានតំបន់ និងថ្នាក់កៅអីនីមួយៗម្តងគត់។',
  },
  'admin.member_not_approved': {
    zh: '该会员尚未通过审核，没有里程账户',
    en: 'This member is not approved yet and has no miles account.',
    km: 'សមាជិកនេះមិនទាន់ត្រូវបានអនុម័តទេ ហើយមិនមានគណនីម៉ាយទេ។',
  },
  'admin.member_not_found': {
    zh: '会员或其资料不存在',
    en: 'No member, document or beneficiary has this id.',
    km: 'គ្មានសមាជិក ឯកសារ ឬអ្នកទទួលផលណាមានលេខសម្គាល់នេះទេ។',
  },
  'admin.member_not_auditing': {
    zh: '该项不在待审核状态',
    en: 'This is not waiting for audit.',
    km: 'នេះមិនកំពុងរង់ចាំការត្រួតពិនិត្យទេ។',
  },
  'admin.member_block_state': {
    zh: '会员已是该状态',
    en: 'The member is already in that state.',
    km: 'សមាជិកស្ថិតក្នុងស្ថានភាពនោះរួចហើយ។',
  },
  // insurance
  'insurance.days_too_few': {
    zh: '保险天数至少为 {min} 天：结束日期不能早于出发日期',
    en: 'Insurance covers at least {min} day: the end date cannot be before the departure date.',
    km: 'ការធានារ៉ាប់រងគ្របដណ្តប់យ៉ាងតិច {min} ថ្ងៃ៖ ថ្ងៃបញ្ចប់មិនអាចមុនថ្ងៃចេញដំណើរបានទេ។',
  },
  'insurance.days_too_many': {
    zh: '保险最长 {max} 天，本次行程为 {days} 天',
    en: 'Insurance covers at most {max} days; this trip is {days} days.',
    km: 'ការធានារ៉ាប់រងគ្របដណ្តប់យ៉ាងច្រើន {max} ថ្ងៃ។ ដំណើរនេះមាន {days} ថ្ងៃ។',
  },
  'insurance.date_invalid': {
    zh: '请填写有效的日期（年-月-日）',
    en: 'Enter a valid date (YYYY-MM-DD).',
    km: 'សូមបញ្ចូលកាលបរិច្ឆេទត្រឹមត្រូវ (ឆ្នាំ-ខែ-ថ្ងៃ)។',
  },
  'insurance.field_required': {
    zh: '请填写此项，投保信息须完整',
    en: 'Fill this in: the insurance details must be complete.',
    km: 'សូមបំពេញចំណុចនេះ៖ ព័ត៌មានធានារ៉ាប់រងត្រូវតែពេញលេញ។',
  },
  'insurance.field_too_long': {
    zh: '最多 {max} 个字符',
    en: 'At most {max} characters.',
    km: 'យ៉ាងច្រើន {max} តួអក្សរ។',
  },
  'insurance.plan_required': {
    zh: '请选择保险方案',
    en: 'Choose an insurance plan.',
    km: 'សូមជ្រើសរើសគម្រោងធានារ៉ាប់រង។',
  },
  'insurance.plan_unknown': {
    zh: '该保险方案不存在或已停售',
    en: 'This insurance plan does not exist or is no longer sold.',
    km: 'គម្រោងធានារ៉ាប់រងនេះមិនមាន ឬលែងលក់ហើយ។',
  },
  'insurance.limit_invalid': {
    zh: '保额须为大于 0 的整数',
    en: 'The cover limit must be a whole number greater than 0.',
    km: 'កម្រិតធានាត្រូវតែជាចំនួនគត់ធំជាង 0។',
  },
  'insurance.nationality_invalid': {
    zh: '请选择国籍（两位国家代码）',
    en: 'Choose a nationality (two-letter country code).',
    km: 'សូមជ្រើសរើសសញ្ជាតិ (លេខកូដប្រទេសពីរអក្សរ)។',
  },
  'insurance.postal_code_invalid': {
    zh: '邮政编码为 3 到 12 位字母或数字',
    en: 'A postal code has 3 to 12 letters or digits.',
    km: 'លេខកូដប្រៃសណីយ៍មានអក្សរ ឬលេខពី 3 ដល់ 12 ខ្ទង់។',
  },
  'insurance.beneficiary_name_required': {
    zh: '请填写受益人全名',
    en: 'Enter the beneficiary’s full name.',
    km: 'សូមបញ្ចូលឈ្មោះពេញរបស់អ្នកទទួលផល។',
  },
  'insurance.beneficiary_name_english': {
    zh: '受益人全名须为英文字母（姓和名之间留一个空格），例如 ZHANG SAN',
    en: 'The beneficiary’s full name must be in English letters, surname and given name separated by a space, e.g. SOK DARA.',
    km: 'ឈ្មោះពេញរបស់អ្នកទទួលផលត្រូវតែជាអក្សរអង់គ្លេស នាមត្រកូល និងនាមខ្លួនដោយមានដកឃ្លាមួយ ឧទាហរណ៍ SOK DARA។',
  },
  'insurance.relationship_required': {
    zh: '请选择受益人与被保险人的关系',
    en: 'Choose the beneficiary’s relationship to the insured.',
    km: 'សូមជ្រើសរើសទំនាក់ទំនងរបស់អ្នកទទួលផលជាមួយអ្នកត្រូវបានធានា។',
  },
  'insurance.relationship_invalid': {
    zh: '关系须为父母、配偶、子女、兄弟姐妹、亲属或朋友',
    en: 'The relationship must be parent, spouse, child, sibling, relative or friend.',
    km: 'ទំនាក់ទំនងត្រូវតែជា ឪពុកម្តាយ ប្តីប្រពន្ធ កូន បងប្អូន សាច់ញាតិ ឬមិត្តភក្តិ។',
  },
  'insurance.credentials_type_invalid': {
    zh: '证件类型须为身份证、护照或其他',
    en: 'The certificate type must be ID card, passport or other.',
    km: 'ប្រភេទឯកសារត្រូវតែជា អត្តសញ្ញាណប័ណ្ណ លិខិតឆ្លងដែន ឬផ្សេងទៀត។',
  },
  'insurance.mailbox_invalid': {
    zh: '请填写有效的电子邮箱地址',
    en: 'Enter a valid e-mail address.',
    km: 'សូមបញ្ចូលអាសយដ្ឋានអ៊ីមែលត្រឹមត្រូវ។',
  },
  'insurance.abnormal': {
    zh: '保险服务暂不可用，请稍后再试或不购买保险继续',
    en: 'Insurance is not available right now. Try again later, or continue without insurance.',
    km: 'សេវាធានារ៉ាប់រងមិនអាចប្រើបាននៅពេលនេះទេ។ សូមព្យាយាមម្តងទៀតនៅពេលក្រោយ ឬបន្តដោយគ្មានការធានារ៉ាប់រង។',
  },
  // add-ons bought after ticketing (issue 14, secondaryIncrService)
  'addons.cutoff': {
    zh: '航班将于 {departure} 起飞，距起飞已不足 24 小时，无法再购买附加服务',
    en: 'Add-ons can no longer be bought for this flight: it departs at {departure}, less than 24 hours from now.',
    km: 'មិនអាចទិញសេវាបន្ថែមសម្រាប់ជើងហោះហើរនេះបានទៀតទេ៖ វាចេញដំណើរនៅម៉ោង {departure} តិចជាង 24 ម៉ោងពីពេលនេះ។',
  },
  'addons.blocked': {
    zh: '您可以在 {time} 后重新购买',
    en: 'You can buy this again at {time}.',
    km: 'អ្នកអាចទិញវាម្តងទៀតនៅម៉ោង {time}។',
  },
  'addons.pending': {
    zh: '附加服务订单 {secOrderNo} 正在等待支付，请先支付或放弃该订单',
    en: 'Add-on order {secOrderNo} is waiting for payment: pay it or give it up first.',
    km: 'ការបញ្ជាទិញសេវាបន្ថែម {secOrderNo} កំពុងរង់ចាំការទូទាត់៖ សូមបង់ប្រាក់ ឬបោះបង់វាជាមុនសិន។',
  },
  // online check-in (issue 15, modules/check-in)
  'checkin.not_open': {
    zh: '航班 {flightNo} 的网上值机将于 {opensAt} 开放（起飞前 2 小时）',
    en: 'Online check-in for flight {flightNo} opens at {opensAt}, 2 hours before departure.',
    km: 'ការចុះឈ្មោះតាមអ៊ីនធឺណិតសម្រាប់ជើងហោះហើរ {flightNo} បើកនៅម៉ោង {opensAt} គឺ 2 ម៉ោងមុនការចេញដំណើរ។',
  },
  'checkin.closed': {
    zh: '航班 {flightNo} 的网上值机已于 {closesAt} 截止（起飞前 60 分钟），请前往机场柜台办理',
    en: 'Online check-in for flight {flightNo} closed at {closesAt}, 60 minutes before departure. Please go to the airport check-in counter.',
    km: 'ការចុះឈ្មោះតាមអ៊ីនធឺណិតសម្រាប់ជើងហោះហើរ {flightNo} បានបិទនៅម៉ោង {closesAt} គឺ 60 នាទីមុនការចេញដំណើរ។ សូមទៅបញ្ជរចុះឈ្មោះនៅព្រលានយន្តហោះ។',
  },
  'checkin.unavailable': {
    zh: '{name} 无法在网上办理航班 {flightNo} 的值机：该航段没有有效客票，或航班已取消或已起飞',
    en: '{name} cannot check in online for flight {flightNo}: there is no valid ticket for it, or the flight was cancelled or has departed.',
    km: '{name} មិនអាចចុះឈ្មោះតាមអ៊ីនធឺណិតសម្រាប់ជើងហោះហើរ {flightNo} បានទេ៖ គ្មានសំបុត្រត្រឹមត្រូវសម្រាប់វា ឬជើងហោះហើរត្រូវបានលុបចោល ឬបានចេញដំណើររួចហើយ។',
  },
  'checkin.no_seat': {
    zh: '航班 {flightNo} 已没有可分配给 {name} 的座位，请前往机场柜台办理值机',
    en: 'No seat is left on flight {flightNo} that {name} may take. Please check in at the airport counter.',
    km: 'គ្មានកៅអីនៅសល់លើជើងហោះហើរ {flightNo} ដែល {name} អាចអង្គុយបានទេ។ សូមចុះឈ្មោះនៅបញ្ជរព្រលានយន្តហោះ។',
  },
  'checkin.no_such_passenger': {
    zh: '该订单中没有这位旅客',
    en: 'This passenger is not in the booking.',
    km: 'អ្នកដំណើរនេះមិនមាននៅក្នុងការកក់ទេ។',
  },
  'checkin.no_such_leg': {
    zh: '该行程中没有这个航段',
    en: 'The journey has no such flight.',
    km: 'ដំណើរនេះមិនមានជើងហោះហើរនេះទេ។',
  },
  'checkin.none_checked_in': {
    zh: '该订单尚无已值机的旅客，没有登机牌',
    en: 'No passenger of this order is checked in yet, so there is no boarding pass.',
    km: 'មិនទាន់មានអ្នកដំណើរណាម្នាក់នៃការកក់នេះបានចុះឈ្មោះនៅឡើយទេ ដូច្នេះគ្មានប័ណ្ណឡើងយន្តហោះទេ។',
  },
  // linked orders and tickets (issue 15, order-links)
  'linked.ticket_no_format': {
    zh: '客票号格式不正确，应为以航空公司代码开头的 13 位数字',
    en: 'The ticket number format is incorrect: it has 13 digits and starts with the airline’s code.',
    km: 'ទម្រង់លេខសំបុត្រមិនត្រឹមត្រូវ៖ វាមាន 13 ខ្ទង់ ហើយចាប់ផ្តើមដោយលេខកូដក្រុមហ៊ុនអាកាសចរណ៍។',
  },
  'linked.ticket_not_found': {
    zh: '客票已退票或不存在，请核对客票号和旅客姓名',
    en: 'The ticket has been refunded or cannot be found. Check the ticket number and the passenger’s name.',
    km: 'សំបុត្រត្រូវបានសងប្រាក់វិញ ឬរកមិនឃើញ។ សូមពិនិត្យលេខសំបុត្រ និងឈ្មោះអ្នកដំណើរ។',
  },
  'linked.no_order': {
    zh: '没有匹配的订单，请核对 PNR 和旅客姓氏',
    en: 'No order matches. Check the PNR and the passenger’s surname.',
    km: 'គ្មានការបញ្ជាទិញដែលត្រូវគ្នាទេ។ សូមពិនិត្យ PNR និងនាមត្រកូលអ្នកដំណើរ។',
  },
  'linked.own_order': {
    zh: '这是您自己的订单，已在您的订单列表中',
    en: 'This is your own order: it is already in your order list.',
    km: 'នេះជាការបញ្ជាទិញរបស់អ្នកផ្ទាល់៖ វាមាននៅក្នុងបញ្ជីការបញ្ជាទិញរបស់អ្នករួចហើយ។',
  },
  'linked.not_linked': {
    zh: '该订单或客票未关联到您的账户',
    en: 'This order or ticket is not linked to your account.',
    km: 'ការបញ្ជាទិញ ឬសំបុត្រនេះមិនបានភ្ជាប់ទៅគណនីរបស់អ្នកទេ។',
  },
  'linked.limit': {
    zh: '每个账户最多可关联 {max} 个订单和 {max} 张客票，请先取消不需要的关联',
    en: 'An account can link at most {max} orders and {max} tickets. Unlink one you no longer need first.',
    km: 'គណនីមួយអាចភ្ជាប់ការបញ្ជាទិញបានច្រើនបំផុត {max} និងសំបុត្រ {max}។ សូមផ្តាច់មួយដែលអ្នកលែងត្រូវការជាមុនសិន។',
  },
  'addons.flown': {
    zh: '该航段已起飞',
    en: 'This flight has departed.',
    km: 'ជើងហោះហើរនេះបានចេញដំណើររួចហើយ។',
  },
  'addons.not_ticketed': {
    zh: '该旅客的机票尚未出票',
    en: "This passenger's ticket is not issued yet.",
    km: 'សំបុត្ររបស់អ្នកដំណើរនេះមិនទាន់ចេញនៅឡើយទេ។',
  },
  'addons.infant_no_service': {
    zh: '婴儿不单独占座，不能单独购买此服务',
    en: 'An infant on a lap cannot have this service of their own.',
    km: 'ទារកដែលអង្គុយលើភ្លៅមិនអាចមានសេវានេះដោយឡែកបានទេ។',
  },
  'addons.seat_required': {
    zh: '请选择座位',
    en: 'Choose a seat.',
    km: 'សូមជ្រើសរើសកៅអី។',
  },
  'addons.seat_same': {
    zh: '您已拥有座位 {seat}',
    en: 'You already have seat {seat}.',
    km: 'អ្នកមានកៅអី {seat} រួចហើយ។',
  },
  'addons.baggage_required': {
    zh: '请选择额外行李重量',
    en: 'Choose how many extra kilograms.',
    km: 'សូមជ្រើសរើសចំនួនគីឡូក្រាមបន្ថែម។',
  },
  'addons.priority_owned': {
    zh: '该航段已购买优先登机',
    en: 'Priority boarding is already bought on this flight.',
    km: 'ការឡើងយន្តហោះជាអាទិភាពត្រូវបានទិញរួចហើយសម្រាប់ជើងហោះហើរនេះ។',
  },
  'addons.insurance_required': {
    zh: '请填写保险信息',
    en: 'Fill in the insurance details.',
    km: 'សូមបំពេញព័ត៌មានធានារ៉ាប់រង។',
  },
  'addons.already_insured': {
    zh: '该旅客已购买本次行程的保险',
    en: 'This passenger is already insured for this trip.',
    km: 'អ្នកដំណើរនេះមានការធានារ៉ាប់រងសម្រាប់ដំណើរនេះរួចហើយ។',
  },
  'addons.seat_one_leg': {
    zh: '每次只能为一个航段选座',
    en: 'A seat is chosen for one flight at a time.',
    km: 'កៅអីត្រូវបានជ្រើសរើសសម្រាប់ជើងហោះហើរមួយក្នុងមួយពេល។',
  },
  'addons.legs_required': {
    zh: '请选择至少一个航段',
    en: 'Choose at least one flight.',
    km: 'សូមជ្រើសរើសជើងហោះហើរយ៉ាងហោចណាស់មួយ។',
  },
  'insurance.insured_count': {
    zh: '被保险人数须在 1 到 {max} 之间',
    en: 'The number of insured people must be from 1 to {max}.',
    km: 'ចំនួនអ្នកត្រូវបានធានាត្រូវនៅចន្លោះ 1 ដល់ {max} នាក់។',
  },
  'insurance.trip_required': {
    zh: '请提供报价编号或行程日期',
    en: 'Give an offer id or the trip’s dates.',
    km: 'សូមផ្តល់លេខការផ្តល់ជូន ឬកាលបរិច្ឆេទនៃដំណើរ។',
  },
  'insurance.bands_required': {
    zh: '请至少填写一个天数档位的价格',
    en: 'Give the price of at least one band of days.',
    km: 'សូមផ្តល់តម្លៃយ៉ាងហោចណាស់មួយកម្រិតថ្ងៃ។',
  },
  'insurance.band_days_invalid': {
    zh: '档位天数须为 1 到 {max} 之间的整数',
    en: 'A band’s days must be a whole number from 1 to {max}.',
    km: 'ចំនួនថ្ងៃនៃកម្រិតត្រូវតែជាចំនួនគត់ពី 1 ដល់ {max}។',
  },
  'insurance.band_amount_invalid': {
    zh: '档位价格须为大于 0 的整数（分）',
    en: 'A band’s price must be a whole number of cents greater than 0.',
    km: 'តម្លៃនៃកម្រិតត្រូវតែជាចំនួនគត់ជាសេន ធំជាង 0។',
  },
  'insurance.bands_order': {
    zh: '档位须按天数递增，且价格不低于前一档',
    en: 'Bands must go up in days, each price at least the one before.',
    km: 'កម្រិតត្រូវតែកើនឡើងតាមចំនួនថ្ងៃ ហើយតម្លៃនីមួយៗមិនតិចជាងកម្រិតមុនទេ។',
  },
  'insurance.bands_reach_max': {
    zh: '最后一档须覆盖到 {max} 天',
    en: 'The last band must reach {max} days.',
    km: 'កម្រិតចុងក្រោយត្រូវតែគ្របដណ្តប់ដល់ {max} ថ្ងៃ។',
  },
  'insurance.plan_exists': {
    zh: '该方案代码在此币种下已存在',
    en: 'A plan with this code already exists in this currency.',
    km: 'គម្រោងដែលមានលេខកូដនេះមានរួចហើយក្នុងរូបិយប័ណ្ណនេះ។',
  },
  'insurance.plan_disabled': {
    zh: '该保险方案已于 {disabledAt} 停售',
    en: 'This insurance plan was disabled already, at {disabledAt}.',
    km: 'គម្រោងធានារ៉ាប់រងនេះត្រូវបានបិទរួចហើយ នៅ {disabledAt}។',
  },
  'insurance.cover_duplicate': {
    zh: '每项保障只能填写一次',
    en: 'Each cover can be listed only once.',
    km: 'ការធានានីមួយៗអាចរាយបានតែម្តងប៉ុណ្ណោះ។',
  },
  // --- the staff console (issue 13) ---
  'staff.forbidden': {
    zh: '您的角色无权执行此操作',
    en: 'Your role does not allow this.',
    km: 'តួនាទីរបស់អ្នកមិនអនុញ្ញាតសកម្មភាពនេះទេ។',
  },
  'staff.totp_invalid': {
    zh: '验证码不正确，请输入身份验证器当前显示的 6 位数字',
    en: 'The code is not right. Enter the 6 digits your authenticator app shows now.',
    km: 'លេខកូដមិនត្រឹមត្រូវទេ។ សូមបញ្ចូលលេខ 6 ខ្ទង់ដែលកម្មវិធីផ្ទៀងផ្ទាត់របស់អ្នកបង្ហាញឥឡូវនេះ។',
  },
  'staff.challenge_expired': {
    zh: '登录步骤已过期，请重新输入邮箱和密码',
    en: 'This sign-in step has expired. Enter your e-mail and password again.',
    km: 'ជំហានចូលនេះបានផុតកំណត់ហើយ។ សូមបញ្ចូលអ៊ីមែល និងពាក្យសម្ងាត់ម្តងទៀត។',
  },
  'staff.disabled': {
    zh: '该员工账户已停用，请联系管理员',
    en: 'This staff account is disabled. Ask an administrator.',
    km: 'គណនីបុគ្គលិកនេះត្រូវបានបិទ។ សូមសួរអ្នកគ្រប់គ្រង។',
  },
  'staff.email_taken': {
    zh: '已有员工账户使用该邮箱',
    en: 'A staff account with this e-mail already exists.',
    km: 'មានគណនីបុគ្គលិកដែលប្រើអ៊ីមែលនេះរួចហើយ។',
  },
  'staff.not_found': {
    zh: '找不到该员工账户',
    en: 'This staff account does not exist.',
    km: 'រកមិនឃើញគណនីបុគ្គលិកនេះទេ។',
  },
  'staff.self_change': {
    zh: '不能移除自己的管理员角色或停用自己的账户',
    en: 'You cannot remove your own admin role or disable your own account.',
    km: 'អ្នកមិនអាចដកតួនាទីអ្នកគ្រប់គ្រងរបស់ខ្លួនឯង ឬបិទគណនីរបស់ខ្លួនឯងបានទេ។',
  },
  'staff.console_header': {
    zh: '请求未来自员工控制台，已拒绝',
    en: 'This request did not come from the staff console and was refused.',
    km: 'សំណើនេះមិនបានមកពីកុងសូលបុគ្គលិកទេ ហើយត្រូវបានបដិសេធ។',
  },
  // admin: orders and tickets (add below)
  'admin.order_not_found': {
    zh: '没有这个订单号的订单',
    en: 'There is no order with this number.',
    km: 'មិនមានការបញ្ជាទិញដែលមានលេខនេះទេ។',
  },
  'admin.order_not_cancelable': {
    zh: '只能取消未支付的订单；此订单已支付、已出票或已取消',
    en: 'Only an unpaid order can be canceled; this one is paid, ticketed or already canceled.',
    km: 'អាចលុបចោលបានតែការបញ្ជាទិញដែលមិនទាន់បង់ប្រាក់ប៉ុណ្ណោះ។ ការបញ្ជាទិញនេះបានបង់ប្រាក់ ចេញសំបុត្រ ឬត្រូវបានលុបចោលរួចហើយ។',
  },
  'admin.refund_not_found': {
    zh: '此订单没有这笔退款',
    en: 'This order has no such refund.',
    km: 'ការបញ្ជាទិញនេះមិនមានការសងប្រាក់វិញនេះទេ។',
  },
  'admin.refund_not_failed': {
    zh: '只有失败的退款才能重试或手工结清',
    en: 'Only a failed refund can be retried or settled by hand.',
    km: 'មានតែការសងប្រាក់ដែលបរាជ័យប៉ុណ្ណោះ ដែលអាចព្យាយាមម្តងទៀត ឬទូទាត់ដោយដៃបាន។',
  },
  'admin.refund_exceeds_paid': {
    zh: '这笔付款的其他退款已退回此金额，退款总额不能超过实付金额',
    en: "The payment's other refunds already take this amount back: refunds never exceed what was paid.",
    km: 'ការសងប្រាក់ផ្សេងទៀតនៃការទូទាត់នេះ បានសងចំនួននេះរួចហើយ។ ការសងប្រាក់មិនអាចលើសពីចំនួនដែលបានបង់ទេ។',
  },
  // admin: network and flights (add below)
  'admin.flight_not_found': {
    zh: '没有该航班',
    en: 'There is no such flight.',
    km: 'មិនមានជើងហោះហើរនេះទេ។',
  },
  'admin.class_not_on_flight': {
    zh: '该航班不销售舱位 {class}',
    en: 'This flight does not sell booking class {class}.',
    km: 'ជើងហោះហើរនេះមិនលក់ថ្នាក់កក់ {class} ទេ។',
  },
  'admin.limit_below_taken': {
    zh: '舱位 {class} 的限额 {limit} 低于已售 {sold} 座与保留 {held} 座之和（{taken} 座）',
    en: 'Class {class}: the limit {limit} is below the {sold} seats sold plus {held} held ({taken} in all).',
    km: 'ថ្នាក់ {class}៖ ដែនកំណត់ {limit} ទាបជាងកៅអីដែលបានលក់ {sold} បូកកៅអីដែលបានរក្សាទុក {held} (សរុប {taken})។',
  },
  'admin.limit_above_capacity': {
    zh: '舱位 {class} 的限额 {limit} 超过 {cabin} 舱的 {capacity} 个座位',
    en: 'Class {class}: the limit {limit} is above the {capacity} seats of cabin {cabin}.',
    km: 'ថ្នាក់ {class}៖ ដែនកំណត់ {limit} លើសកៅអី {capacity} នៃបន្ទប់ {cabin}។',
  },
  'admin.flight_not_scheduled': {
    zh: '航班 {flightNo}（{date}）状态为 {status}，只能更改计划中的航班',
    en: 'Flight {flightNo} on {date} is {status}: only a scheduled flight can be changed.',
    km: 'ជើងហោះហើរ {flightNo} ថ្ងៃ {date} មានស្ថានភាព {status}៖ អាចផ្លាស់ប្តូរបានតែជើងហោះហើរដែលបានគ្រោងទុកប៉ុណ្ណោះ។',
  },
  'admin.retime_invalid': {
    zh: '到达时间必须晚于起飞时间',
    en: 'The arrival must be after the departure.',
    km: 'ពេលមកដល់ត្រូវតែក្រោយពេលចេញដំណើរ។',
  },
  'admin.flight_departed': {
    zh: '航班 {flightNo}（{date}）已于 {departedAt} 标记为已起飞，不能再次标记',
    en: 'Flight {flightNo} on {date} was marked departed already, at {departedAt}.',
    km: 'ជើងហោះហើរ {flightNo} ថ្ងៃ {date} ត្រូវបានកត់ត្រាថាបានចេញដំណើររួចហើយ នៅ {departedAt}។',
  },
  'admin.airport_not_found': {
    zh: '没有机场 {code}',
    en: 'There is no airport {code}.',
    km: 'មិនមានអាកាសយានដ្ឋាន {code} ទេ។',
  },
  'admin.route_not_found': {
    zh: '没有航线 {code}',
    en: 'There is no route {code}.',
    km: 'មិនមានផ្លូវហោះហើរ {code} ទេ។',
  },
  'admin.schedule_not_found': {
    zh: '没有该航班计划',
    en: 'There is no such schedule line.',
    km: 'មិនមានកាលវិភាគហោះហើរនេះទេ។',
  },
  'admin.airport_exists': {
    zh: '机场 {code} 已存在',
    en: 'Airport {code} exists already.',
    km: 'អាកាសយានដ្ឋាន {code} មានរួចហើយ។',
  },
  'admin.airport_unknown': {
    zh: '没有机场 {code}，请先添加该机场',
    en: 'There is no airport {code}: add it first.',
    km: 'មិនមានអាកាសយានដ្ឋាន {code} ទេ៖ សូមបន្ថែមវាជាមុនសិន។',
  },
  'admin.zone_unknown': {
    zh: '{zone} 不是有效的 IANA 时区（例如 Asia/Phnom_Penh）',
    en: '{zone} is not a known IANA time zone (e.g. Asia/Phnom_Penh).',
    km: '{zone} មិនមែនជាតំបន់ពេលវេលា IANA ដែលស្គាល់ទេ (ឧ. Asia/Phnom_Penh)។',
  },
  'admin.zone_in_use': {
    zh: '{count} 个已排定的航班在 {code} 起飞或到达，其当地日期和时刻按原时区确定，因此不能更改时区',
    en: 'The time zone cannot change: {count} dated flights leave or arrive at {code}, and their local dates and times were set in the old zone.',
    km: 'មិនអាចប្តូរតំបន់ពេលវេលាបានទេ៖ ជើងហោះហើរ {count} ចេញដំណើរ ឬមកដល់ {code} ហើយកាលបរិច្ឆេទ និងម៉ោងក្នុងស្រុករបស់វាត្រូវបានកំណត់តាមតំបន់ចាស់។',
  },
  'admin.route_same_airports': {
    zh: '出发和到达机场不能相同',
    en: 'The route must go to another airport than it leaves from.',
    km: 'ផ្លូវហោះហើរត្រូវតែទៅអាកាសយានដ្ឋានផ្សេងពីកន្លែងចេញដំណើរ។',
  },
  'admin.route_exists': {
    zh: '航线 {code} 已存在',
    en: 'Route {code} exists already.',
    km: 'ផ្លូវហោះហើរ {code} មានរួចហើយ។',
  },
  'admin.aircraft_unknown': {
    zh: '没有机型 {code}',
    en: 'There is no aircraft type {code}.',
    km: 'មិនមានប្រភេទយន្តហោះ {code} ទេ។',
  },
  'admin.schedule_overlap': {
    zh: '航班 {flightNo} 在重叠的有效期内已有同一天执行的计划（{from} 至 {to}）',
    en: 'Flight {flightNo} already flies on one of these days in an overlapping period ({from} to {to}).',
    km: 'ជើងហោះហើរ {flightNo} មានហោះរួចហើយនៅថ្ងៃមួយក្នុងចំណោមថ្ងៃទាំងនេះ ក្នុងរយៈពេលត្រួតគ្នា ({from} ដល់ {to})។',
  },
  'admin.schedule_dates_taken': {
    zh: '航班 {flightNo} 在 {dates} 已有航班（仍在执行或有旅客订过），新计划不能在这些日期执行：请从之后的日期开始，或使用其他航班号',
    en: 'Flight {flightNo} already has a dated flight on {dates} (still flying, or booked by travellers before it was cancelled): start the new line after those dates or give it another number.',
    km: 'ជើងហោះហើរ {flightNo} មានជើងហោះហើរនៅ {dates} រួចហើយ (នៅតែហោះ ឬមានអ្នកដំណើរកក់មុនពេលលុបចោល)៖ សូមចាប់ផ្តើមកាលវិភាគថ្មីបន្ទាប់ពីកាលបរិច្ឆេទទាំងនោះ ឬប្រើលេខជើងហោះហើរផ្សេង។',
  },
  'admin.schedule_end_before_start': {
    zh: '结束日期不能早于开始日期 {validFrom}',
    en: 'The last date cannot be before the first date, {validFrom}.',
    km: 'កាលបរិច្ឆេទចុងក្រោយមិនអាចមុនកាលបរិច្ឆេទដំបូង {validFrom} បានទេ។',
  },
  'admin.schedule_end_later': {
    zh: '该计划已于 {validTo} 结束，只能提前结束日期',
    en: 'This line ends on {validTo} already: its end can only be brought forward.',
    km: 'កាលវិភាគនេះបញ្ចប់នៅ {validTo} រួចហើយ៖ អាចប្តូរថ្ងៃបញ្ចប់ឱ្យមុនបានតែប៉ុណ្ណោះ។',
  },
  // admin: fares and promotions (add below)
  'admin.promo_disabled': {
    zh: '该优惠码已于 {disabledAt} 停用',
    en: 'This promo code was disabled already, at {disabledAt}.',
    km: 'លេខកូដប្រូម៉ូសិននេះត្រូវបានបិទរួចហើយ នៅ {disabledAt}។',
  },
  'promo.value_positive': {
    zh: '请填写大于 0 的整数',
    en: 'Enter a whole number greater than 0.',
    km: 'សូមបញ្ចូលចំនួនគត់ធំជាង 0។',
  },
  'promo.percent_range': {
    zh: '折扣百分比须在 1 到 100 之间',
    en: 'A percentage off must be from 1 to 100.',
    km: 'ភាគរយបញ្ចុះតម្លៃត្រូវនៅចន្លោះ 1 ដល់ 100។',
  },
  'promo.currency_required': {
    zh: '减免金额或消费门槛须注明币种',
    en: 'An amount off or a spend threshold needs its currency.',
    km: 'ចំនួនទឹកប្រាក់បញ្ចុះ ឬកម្រិតចំណាយ ត្រូវការរូបិយប័ណ្ណរបស់វា។',
  },
  'promo.date_invalid': {
    zh: '请填写有效的日期和时间',
    en: 'Enter a valid date and time.',
    km: 'សូមបញ្ចូលកាលបរិច្ឆេទ និងម៉ោងដែលត្រឹមត្រូវ។',
  },
  'promo.valid_to_before_from': {
    zh: '结束时间须晚于开始时间',
    en: 'The end must be after the start.',
    km: 'ពេលបញ្ចប់ត្រូវនៅក្រោយពេលចាប់ផ្តើម។',
  },
  'promo.routes_empty': {
    zh: '请至少填写一条航线，或选择适用全部航线',
    en: 'Name at least one route, or choose every route.',
    km: 'សូមដាក់ឈ្មោះផ្លូវហោះហើរយ៉ាងហោចណាស់មួយ ឬជ្រើសរើសគ្រប់ផ្លូវហោះហើរ។',
  },
  'promo.route_format': {
    zh: '航线 {route} 的格式应为 出发地-目的地，例如 KTI-BKK',
    en: 'Route {route} must be written origin-destination, e.g. KTI-BKK.',
    km: 'ផ្លូវហោះហើរ {route} ត្រូវសរសេរជា ចេញ-មកដល់ ឧទាហរណ៍ KTI-BKK។',
  },
  'promo.limit_below_used': {
    zh: '使用上限不能少于已使用的 {used} 次',
    en: 'The usage limit cannot be below the {used} uses already taken.',
    km: 'ដែនកំណត់ការប្រើប្រាស់មិនអាចតិចជាង {used} ដងដែលបានប្រើរួចហើយទេ។',
  },
  'admin.promo_exists': {
    zh: '该优惠码已存在',
    en: 'This promo code already exists.',
    km: 'លេខកូដប្រូម៉ូសិននេះមានរួចហើយ។',
  },
  'admin.promo_code_format': {
    zh: '优惠码须为 3 到 20 位大写字母或数字',
    en: 'A promo code is 3 to 20 capital letters or digits.',
    km: 'លេខកូដប្រូម៉ូសិនមាន 3 ដល់ 20 តួអក្សរធំ ឬលេខ។',
  },
  'admin.route_unknown': {
    zh: '航线 {route} 不存在',
    en: 'There is no route {route}.',
    km: 'មិនមានផ្លូវហោះហើរ {route} ទេ។',
  },
  'admin.class_unknown': {
    zh: '舱位 {bookingClass} 不存在',
    en: 'There is no booking class {bookingClass}.',
    km: 'មិនមានថ្នាក់កក់ {bookingClass} ទេ។',
  },
  'admin.fare_exists': {
    zh: '该航线、舱位和币种在此生效日期已有运价',
    en: 'This route, class and currency already have a fare from this date.',
    km: 'ផ្លូវហោះហើរ ថ្នាក់ និងរូបិយប័ណ្ណនេះ មានតម្លៃសំបុត្ររួចហើយចាប់ពីកាលបរិច្ឆេទនេះ។',
  },
  'admin.tax_exists': {
    zh: '该税费在此范围、旅客类型、币种和生效日期已存在',
    en: 'This tax is already filed for this place, passenger type, currency and date.',
    km: 'ពន្ធនេះត្រូវបានដាក់រួចហើយសម្រាប់ទីកន្លែង ប្រភេទអ្នកដំណើរ រូបិយប័ណ្ណ និងកាលបរិច្ឆេទនេះ។',
  },
  'admin.valid_to_before_from': {
    zh: '失效日期不能早于生效日期',
    en: 'The last date cannot be before the first date.',
    km: 'កាលបរិច្ឆេទចុងក្រោយមិនអាចមុនកាលបរិច្ឆេទដំបូងបានទេ។',
  },
  'admin.scope_code_format': {
    zh: '国家请填写 2 位代码，机场请填写 3 位代码',
    en: 'A country is 2 letters, an airport 3 letters.',
    km: 'ប្រទេសមាន 2 អក្សរ ព្រលានយន្តហោះមាន 3 អក្សរ។',
  },
  // admin: translations (add below)
  'admin.translation_exists': {
    zh: '该键已存在，请直接编辑',
    en: 'This key already exists: edit it instead.',
    km: 'គន្លឹះនេះមានរួចហើយ៖ សូមកែសម្រួលវាជំនួសវិញ។',
  },
  'admin.translation_key_format': {
    zh: '键由小写字母、数字、下划线和点组成，例如 home.banner_title',
    en: 'A key is lower-case letters, digits, underscores and dots, e.g. home.banner_title.',
    km: 'គន្លឹះមានអក្សរតូច លេខ សញ្ញាគូសក្រោម និងចំណុច ឧទាហរណ៍ home.banner_title។',
  },
  'admin.translation_empty': {
    zh: '请至少填写一种语言的文本',
    en: 'Write the text in at least one language.',
    km: 'សូមសរសេរអត្ថបទយ៉ាងហោចណាស់មួយភាសា។',
  },
  'admin.translation_placeholders': {
    zh: '请保留应用原文中的占位符，不多不少：{placeholders}',
    en: 'Keep the placeholders of the app’s text, no more and no fewer: {placeholders}.',
    km: 'សូមរក្សាកន្លែងដាក់តម្លៃនៃអត្ថបទរបស់កម្មវិធី មិនច្រើន មិនតិច៖ {placeholders}។',
  },
  'admin.translation_placeholders_none': {
    zh: '应用原文没有占位符，请删除：{placeholders}',
    en: 'The app’s text has no placeholders: remove {placeholders}.',
    km: 'អត្ថបទរបស់កម្មវិធីគ្មានកន្លែងដាក់តម្លៃទេ៖ សូមលុប {placeholders}។',
  },
  'admin.translation_reset_app_only': {
    zh: '只有应用自带的文本可以恢复，此键仅由后台维护',
    en: 'Only a text of the app can be reset: this key is the back office’s own.',
    km: 'មានតែអត្ថបទរបស់កម្មវិធីប៉ុណ្ណោះដែលអាចកំណត់ឡើងវិញបាន៖ គន្លឹះនេះជារបស់ការិយាល័យខាងក្រោយផ្ទាល់។',
  },
  // admin: dashboard (add below)
  // admin: settings (add below)
  'settings.phone_format': {
    zh: '请按国际格式填写电话号码（含国家代码），例如 +855 23 999 888：+ 加 8 到 15 位数字，可含空格',
    en: 'Enter the phone number in international format with its country code, e.g. +855 23 999 888: + and 8 to 15 digits, spaces allowed.',
    km: 'សូមបញ្ចូលលេខទូរស័ព្ទជាទម្រង់អន្តរជាតិ រួមទាំងលេខកូដប្រទេស ឧទាហរណ៍ +855 23 999 888៖ សញ្ញា + និងលេខ 8 ដល់ 15 ខ្ទង់ អាចមានដកឃ្លា។',
  },
  'settings.email_too_long': {
    zh: '电子邮箱地址最多 {max} 个字符（它印在邮件和行程单的页脚一行内）',
    en: 'The e-mail address can have at most {max} characters (it is printed on one line of e-mail and itinerary footers).',
    km: 'អាសយដ្ឋានអ៊ីមែលអាចមានយ៉ាងច្រើន {max} តួអក្សរ (វាត្រូវបានបោះពុម្ពលើបន្ទាត់តែមួយនៃបាតកថាអ៊ីមែល និងឯកសារដំណើរ)។',
  },
  'settings.email_format': {
    zh: '请填写有效的电子邮箱地址，例如 service@example.com',
    en: 'Enter a valid e-mail address, e.g. service@example.com.',
    km: 'សូមបញ្ចូលអាសយដ្ឋានអ៊ីមែលដែលត្រឹមត្រូវ ឧទាហរណ៍ service@example.com។',
  },
  'settings.time_format': {
    zh: '请按 时:分 填写时间，例如 08:30',
    en: 'Enter the time as HH:MM, e.g. 08:30.',
    km: 'សូមបញ្ចូលម៉ោងជាទម្រង់ ម៉ោង:នាទី ឧទាហរណ៍ 08:30។',
  },
  'settings.close_before_open': {
    zh: '结束时间须晚于开始时间',
    en: 'The closing time must be after the opening time.',
    km: 'ម៉ោងបិទត្រូវនៅក្រោយម៉ោងបើក។',
  },
  'seat.infant_no_seat': {
    zh: '婴儿坐在成人膝上，不单独占座',
    en: 'An infant sits on an adult’s lap and takes no seat.',
    km: 'ទារកអង្គុយលើភ្លៅមនុស្សពេញវ័យ ហើយមិនយកកៅអីដាច់ដោយឡែកទេ។',
  },
  'seat.first_row_age': {
    zh: '第一排座位仅限 {min} 至 {max} 周岁的旅客选择',
    en: 'First-row seats are for passengers aged {min} to {max}.',
    km: 'កៅអីជួរទីមួយសម្រាប់អ្នកដំណើរដែលមានអាយុពី {min} ដល់ {max} ឆ្នាំ។',
  },
  'seat.exit_row_age': {
    zh: '紧急出口排座位仅限 {min} 至 {max} 周岁的旅客选择',
    en: 'Exit-row seats are for passengers aged {min} to {max}.',
    km: 'កៅអីជួរច្រកចេញបន្ទាន់សម្រាប់អ្នកដំណើរដែលមានអាយុពី {min} ដល់ {max} ឆ្នាំ។',
  },
  'seat.first_row_infant': {
    zh: '携带婴儿的旅客不能选择第一排座位',
    en: 'A passenger travelling with an infant cannot take a first-row seat.',
    km: 'អ្នកដំណើរដែលធ្វើដំណើរជាមួយទារក មិនអាចយកកៅអីជួរទីមួយបានទេ។',
  },
  'seat.exit_row_infant': {
    zh: '携带婴儿的旅客不能选择紧急出口排座位',
    en: 'A passenger travelling with an infant cannot take an exit-row seat.',
    km: 'អ្នកដំណើរដែលធ្វើដំណើរជាមួយទារក មិនអាចយកកៅអីជួរច្រកចេញបន្ទាន់បានទេ។',
  },
  'seat.taken': {
    zh: '座位 {seat} 已被选走，请另选座位',
    en: 'Seat {seat} has just been taken. Please choose another seat.',
    km: 'កៅអី {seat} ទើបតែត្រូវបានគេយក។ សូមជ្រើសរើសកៅអីផ្សេង។',
  },
  'seat.not_on_map': {
    zh: '该航班没有座位 {seat}',
    en: 'This flight has no seat {seat}.',
    km: 'ជើងហោះហើរនេះមិនមានកៅអី {seat} ទេ។',
  },
  'seat.wrong_cabin': {
    zh: '座位 {seat} 不在所订舱位内',
    en: 'Seat {seat} is not in the cabin booked.',
    km: 'កៅអី {seat} មិនស្ថិតនៅក្នុងថ្នាក់ដែលបានកក់ទេ។',
  },
  'seat.picked_twice': {
    zh: '座位 {seat} 被选择了两次',
    en: 'Seat {seat} is chosen twice.',
    km: 'កៅអី {seat} ត្រូវបានជ្រើសរើសពីរដង។',
  },
  'seat.passenger_twice': {
    zh: '同一旅客在同一航段只能选一个座位',
    en: 'A passenger can have only one seat on a flight.',
    km: 'អ្នកដំណើរម្នាក់អាចមានកៅអីតែមួយនៅលើជើងហោះហើរមួយ។',
  },
  // add-ons: chosen in the booking (issue 14)
  'addons.no_such_passenger': {
    zh: '所选附加服务对应的旅客不存在',
    en: 'These add-ons are for a passenger who is not in the booking.',
    km: 'សេវាបន្ថែមទាំងនេះសម្រាប់អ្នកដំណើរដែលមិនមាននៅក្នុងការកក់។',
  },
  'addons.no_such_leg': {
    zh: '行程中没有这个航段',
    en: 'The journey has no such flight.',
    km: 'ដំណើរនេះមិនមានជើងហោះហើរនេះទេ។',
  },
  'addons.baggage_not_sold': {
    zh: '该航班不提供 {kg} 公斤的额外行李',
    en: 'Extra baggage of {kg} kg is not sold on this flight.',
    km: 'ឥវ៉ាន់បន្ថែម {kg} គីឡូក្រាម មិនត្រូវបានលក់នៅលើជើងហោះហើរនេះទេ។',
  },
  'addons.priority_not_sold': {
    zh: '该航班此舱位不提供优先登机',
    en: 'Priority boarding is not sold in this cabin on this flight.',
    km: 'ការឡើងយន្តហោះជាអាទិភាព មិនត្រូវបានលក់ក្នុងថ្នាក់នេះនៅលើជើងហោះហើរនេះទេ។',
  },
  'addons.seat_not_sold': {
    zh: '座位 {seat} 不在网上出售',
    en: 'Seat {seat} is not sold online.',
    km: 'កៅអី {seat} មិនត្រូវបានលក់តាមអនឡាញទេ។',
  },
  'addons.upgrade_not_sold': {
    zh: '此行程不提供可退票升级服务',
    en: 'The refundable ticket upgrade is not offered on this journey.',
    km: 'ការដំឡើងសំបុត្រអាចសងប្រាក់វិញ មិនត្រូវបានផ្តល់ជូនសម្រាប់ដំណើរនេះទេ។',
  },
  // add-ons: catalogue
  'addons.weight_step': {
    zh: '额外行李须为 {step} 公斤的整数倍，最多 {max} 公斤',
    en: 'Extra baggage must be a step of {step} kg, at most {max} kg.',
    km: 'ឥវ៉ាន់បន្ថែមត្រូវតែជាកម្រិត {step} គីឡូក្រាម យ៉ាងច្រើន {max} គីឡូក្រាម។',
  },
  'addons.field_not_for_kind': {
    zh: '此类附加服务不填写该项',
    en: 'This field does not apply to this kind of add-on.',
    km: 'ប្រអប់នេះមិនអនុវត្តចំពោះសេវាបន្ថែមប្រភេទនេះទេ។',
  },
  'addons.seat_type_required': {
    zh: '请选择座位类型（PFST、UPST 或 SEAT）',
    en: 'Choose the seat type (PFST, UPST or SEAT).',
    km: 'សូមជ្រើសរើសប្រភេទកៅអី (PFST, UPST ឬ SEAT)។',
  },
  'addons.percent_range': {
    zh: '比例须为 {min} 至 {max} 之间的整数',
    en: 'The share must be a whole percent from {min} to {max}.',
    km: 'ភាគរយត្រូវតែជាចំនួនគត់ពី {min} ដល់ {max}។',
  },
  'addons.amount_positive': {
    zh: '价格须大于 0',
    en: 'The price must be more than 0.',
    km: 'តម្លៃត្រូវតែធំជាង 0។',
  },
  'addons.amount_not_negative': {
    zh: '价格不能为负数（标准座位可以免费）',
    en: 'The price cannot be negative (a standard seat may be free).',
    km: 'តម្លៃមិនអាចអវិជ្ជមានបានទេ (កៅអីស្តង់ដារអាចឥតគិតថ្លៃ)។',
  },
  'addons.currency_route': {
    zh: '航线 {route} 不能以 {currency} 定价',
    en: 'Route {route} cannot be priced in {currency}.',
    km: 'ផ្លូវហោះហើរ {route} មិនអាចកំណត់តម្លៃជា {currency} បានទេ។',
  },
  'addons.price_exists': {
    zh: '该航线、舱位和服务在此生效日期已有价格',
    en: 'This route, cabin and add-on already have a price from this date.',
    km: 'ផ្លូវហោះហើរ ថ្នាក់កៅអី និងសេវាបន្ថែមនេះ មានតម្លៃរួចហើយចាប់ពីកាលបរិច្ឆេទនេះ។',
  },
  'addons.already_disabled': {
    zh: '该价格已停用',
    en: 'This price is already disabled.',
    km: 'តម្លៃនេះត្រូវបានបិទរួចហើយ។',
  },
} as const satisfies Record<string, Record<LanguageTag, string>>;

export type MessageKey = keyof typeof messages;

/**
 * A value put into a message: a number or a text that reads the same in every language, or
 * the text in each language (a date, a list of country names), chosen when the message is
 * written in the reader's language.
 */
export type MessageParam = string | number | Readonly<Record<LanguageTag, string>>;

/** The text of a parameter in `lang`. */
export function paramIn(value: MessageParam, lang: LanguageTag): string {
  return typeof value === 'object' ? value[lang] : String(value);
}

export function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(messages, key);
}

/** The message for a key in a language, with `{name}` placeholders filled; unknown keys fall back to the generic text. */
export function formatMessage(
  key: string,
  lang: LanguageTag,
  params: Readonly<Record<string, MessageParam>> = {},
): string {
  const entry = isMessageKey(key) ? messages[key] : messages['common.enter_correct_data'];
  return entry[lang].replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = params[name];
    return value === undefined ? whole : paramIn(value, lang);
  });
}
