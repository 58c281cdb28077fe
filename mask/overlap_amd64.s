//go:build amd64 && !purego

#include "textflag.h"

// func anyAnd(a, b []uint64) bool
TEXT ·anyAnd(SB), NOSPLIT, $0-49
	MOVQ a_base+0(FP), SI
	MOVQ a_len+8(FP), CX
	MOVQ b_base+24(FP), DI
	PXOR X8, X8
	CMPQ CX, $8
	JB   tail

loop8:
	// Eight words of each, ANDed pairwise and ORed into X0.
	MOVOU 0(SI), X0
	MOVOU 16(SI), X1
	MOVOU 32(SI), X2
	MOVOU 48(SI), X3
	MOVOU 0(DI), X4
	MOVOU 16(DI), X5
	MOVOU 32(DI), X6
	MOVOU 48(DI), X7
	PAND  X4, X0
	PAND  X5, X1
	PAND  X6, X2
	PAND  X7, X3
	POR   X1, X0
	POR   X3, X2
	POR   X2, X0

	// X0 is zero when each of its bytes equals zero.
	PCMPEQL  X8, X0
	PMOVMSKB X0, AX
	CMPL     AX, $0xffff
	JNE      yes
	ADDQ     $64, SI
	ADDQ     $64, DI
	SUBQ     $8, CX
	CMPQ     CX, $8
	JAE      loop8

tail:
	TESTQ CX, CX
	JE    no

loop1:
	MOVQ  (SI), AX
	TESTQ (DI), AX
	JNE   yes
	ADDQ  $8, SI
	ADDQ  $8, DI
	DECQ  CX
	JNE   loop1

no:
	MOVB $0, ret+48(FP)
	RET

yes:
	MOVB $1, ret+48(FP)
	RET
