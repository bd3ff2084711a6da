import type { InboxWords } from './types';

/** The inbox's words in Simplified Chinese (the console's interface strings and the server's inbox titles and pushes read them). */
export default {
  kinds: {
    signup: '{{name}} 申请员工账户（{{role}}）',
    verificationSubmitted: '{{doctor}} 提交了验证申请 {{number}}',
    ticketRaised: '{{centre}} 的新工单：{{subject}}',
    ticketAssigned: '分配给您的工单：{{subject}}',
    ticketComment: '{{author}} 评论了 {{subject}}',
    paymentRejected: '付款 {{number}} 已被拒绝',
    worklist: '{{title}}（{{count}}）',
    campaign: '公告：{{name}}',
    follow_up: '跟进提醒：{{name}}',
    doctorDay: '明天（{{day}}）的预约：{{count}} 个',
    factorsReset: '{{by}} 重置了您的第二验证因素：请在设置中重新设置',
    rule: '{{name}}：{{text}}',
  },
  roles: { superadmin: '超级管理员', admin: '管理员', doctor: '医生', fmc: '家庭医疗中心员工', railway: '铁路员工' },
  worklists: {
    doctorInCompleteProfile: '医生：资料不完整',
    doctorClinicInCompleteProfile: '医生：诊所信息不完整',
    patientInCompleteProfile: '患者：资料不完整',
    doctorNotAddedPrescription: '医生：缺少处方',
    patientNotAddedFamilyMember: '患者：无家庭成员',
    patientNotAddedInsuranceDetails: '患者：无保险信息',
  },
} satisfies InboxWords;
