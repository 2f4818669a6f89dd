import type { AreaTexts } from '../../app/page-registry';

/** Namespace `account`: the member's own account. */
export const texts = {
  zh: {
    menu: '我的账号',
    title: '我的账号',
    profile: '个人信息',
    email: '电子邮箱',
    name: '姓名',
    roles: '角色',
    password: {
      title: '修改密码',
      old: '当前密码',
      new: '新密码',
      confirm: '再次输入新密码',
      mismatch: '两次输入的新密码不一致',
      tooShort: '新密码至少 {{min}} 个字符',
      changed: '密码已修改，其他设备上的登录已结束。',
      submit: '修改密码',
    },
    language: {
      title: '控制台语言',
      help: '控制台以此语言显示，在任何浏览器上登录都一样。',
      changed: '语言已更改',
    },
  },
  en: {
    menu: 'My account',
    title: 'My account',
    profile: 'Profile',
    email: 'E-mail',
    name: 'Name',
    roles: 'Roles',
    password: {
      title: 'Change password',
      old: 'Current password',
      new: 'New password',
      confirm: 'New password again',
      mismatch: 'The two new passwords differ',
      tooShort: 'The new password needs at least {{min}} characters',
      changed: 'Password changed. Your sessions in other browsers have ended.',
      submit: 'Change password',
    },
    language: {
      title: 'Console language',
      help: 'The console speaks this language to you, in any browser you sign in from.',
      changed: 'Language changed',
    },
  },
  km: {
    menu: 'គណនីរបស់ខ្ញុំ',
    title: 'គណនីរបស់ខ្ញុំ',
    profile: 'ព័ត៌មានផ្ទាល់ខ្លួន',
    email: 'អ៊ីមែល',
    name: 'ឈ្មោះ',
    roles: 'តួនាទី',
    password: {
      title: 'ប្ដូរពាក្យសម្ងាត់',
      old: 'ពាក្យសម្ងាត់បច្ចុប្បន្ន',
      new: 'ពាក្យសម្ងាត់ថ្មី',
      confirm: 'ពាក្យសម្ងាត់ថ្មីម្ដងទៀត',
      mismatch: 'ពាក្យសម្ងាត់ថ្មីទាំងពីរមិនដូចគ្នាទេ',
      tooShort: 'ពាក្យសម្ងាត់ថ្មីត្រូវមានយ៉ាងហោចណាស់ {{min}} តួអក្សរ',
      changed: 'បានប្ដូរពាក្យសម្ងាត់។ ការចូលរបស់អ្នកនៅកម្មវិធីរុករកផ្សេងទៀតត្រូវបានបញ្ចប់។',
      submit: 'ប្ដូរពាក្យសម្ងាត់',
    },
    language: {
      title: 'ភាសានៃផ្ទាំងគ្រប់គ្រង',
      help: 'ផ្ទាំងគ្រប់គ្រងនឹងបង្ហាញជាភាសានេះ នៅគ្រប់កម្មវិធីរុករកដែលអ្នកចូល។',
      changed: 'បានប្ដូរភាសា',
    },
  },
} satisfies AreaTexts;
