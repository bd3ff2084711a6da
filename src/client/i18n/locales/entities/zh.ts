import type { EntityLabelSet } from '../types';

export default {
  speciality: { one: '专科', other: '专科', fields: { name: '名称', description: '描述', icon: '图标', sortOrder: '排序', status: '状态' } },
  languages: { one: '语言', other: '语言', fields: { name: '名称', code: 'ISO 代码', nativeName: '本地名称', status: '状态' } },
  roles: { one: '角色', other: '角色', fields: { key: '键', name: '名称', description: '描述' } },
  state: { one: '邦', other: '邦', fields: { name: '名称', code: '代码', country: '国家' } },
  city: { one: '城市', other: '城市', fields: { name: '名称', state: '邦', status: '状态' } },
  pincode: { one: '邮政编码', other: '邮政编码', fields: { code: '邮政编码', area: '地区', city: '城市', status: '状态' } },
  'admin-user': { one: '管理用户', other: '管理用户', fields: { firstName: '名', lastName: '姓', email: '电子邮件', phone: '电话', role: '角色', avatar: '头像', status: '状态', password: '密码' } },
} satisfies EntityLabelSet;
