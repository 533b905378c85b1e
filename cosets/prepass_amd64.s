#include "go_asm.h"
#include "textflag.h"

// func movedRowsAsm(to, end unsafe.Pointer, offsets *prepassOffsets, r2 *halfTurn, u1, u2, u3, d1, d2, d3, f2, b2, r2p, l2 unsafe.Pointer) (full int, positions int64)
//
// The prepass's loop over a target page's rows (extendRows, bitmap.go),
// step for step what the Go passes udRowsGo, fbRows and rlRows do, in one
// pass: a row's ten source rows, each read as the 32 bits at its byte
// offset (the fourth byte, the next row's first, is masked off), moved
// and ORed, written, and counted. Seven source pointers stay in registers;
// those of U2, D2 and D' are read from the arguments at each row, as is
// r2 (loads cost less here than the registers they would take).
TEXT ·movedRowsAsm(SB), NOSPLIT, $0-128
	MOVQ to+0(FP), DI
	MOVQ offsets+16(FP), SI
	MOVQ u1+32(FP), R8
	MOVQ u3+48(FP), R9
	MOVQ d1+56(FP), R10
	MOVQ f2+80(FP), R12
	MOVQ b2+88(FP), R13
	MOVQ r2p+96(FP), R14
	MOVQ l2+104(FP), R15
	XORQ R11, R11                // the positions, plus the full rows << 24

rowLoop:
	// SI: the target row's ten 16-bit offsets, in prepassOrder.
	// The U and D turns keep a row's bits: BX = their rows ORed.
	MOVWLZX 0(SI), AX
	MOVWLZX 2(SI), DX
	MOVL    (R8)(AX*1), BX       // U
	MOVQ    u2+40(FP), CX
	ORL     (CX)(DX*1), BX       // U2
	MOVWLZX 4(SI), AX
	MOVWLZX 6(SI), DX
	ORL     (R9)(AX*1), BX       // U'
	ORL     (R10)(DX*1), BX      // D
	MOVWLZX 8(SI), AX
	MOVWLZX 10(SI), DX
	MOVQ    d2+64(FP), CX
	ORL     (CX)(AX*1), BX       // D2
	MOVQ    d3+72(FP), CX
	ORL     (CX)(DX*1), BX       // D'

	// F2 and B2: f2Row(F2's row | f2b2Row(B2's row)).
	MOVWLZX 12(SI), AX
	MOVWLZX 14(SI), DX
	MOVL    (R12)(AX*1), CX
	MOVL    (R13)(DX*1), DX
	MOVL    DX, AX
	ANDL    $0x555555, DX
	SHRL    $1, AX
	ANDL    $0x555555, AX
	LEAL    (AX)(DX*2), DX       // f2b2Row: each even bit up one, each odd bit down
	ORL     DX, CX
	MOVL    CX, AX
	ANDL    $0xfff, CX
	SHLL    $12, CX
	SHRL    $12, AX
	ANDL    $0xfff, AX
	ORL     AX, CX               // f2Row: the halves exchanged
	ORL     CX, BX

	// R2 and L2: r2.apply(R2's row | r2l2Row(L2's row)).
	MOVWLZX 18(SI), AX
	MOVL    (R15)(AX*1), AX
	MOVL    AX, DX
	ANDL    $0x333333, AX
	SHRL    $2, DX
	ANDL    $0x333333, DX
	LEAL    (DX)(AX*4), AX       // the pairs of bits exchanged
	MOVL    AX, DX
	MOVL    AX, CX
	ANDL    $0xfff, AX
	ANDL    $0x555000, DX
	SHRL    $1, CX
	ANDL    $0x555000, CX
	LEAL    (AX)(DX*2), AX
	ORL     CX, AX               // r2l2Row: and, in the odd half, the bits of each pair
	MOVWLZX 16(SI), DX
	ORL     (R14)(DX*1), AX
	MOVL    AX, DX
	ANDL    $0xfff, AX
	SHRL    $12, DX
	ANDL    $0xfff, DX
	MOVQ    r2+24(FP), CX
	MOVWLZX halfTurn_fromEven(CX)(AX*2), AX
	MOVWLZX halfTurn_fromOdd(CX)(DX*2), DX
	SHLL    $12, AX
	ORL     DX, AX               // r2.apply: each half looked up, onto the other
	ORL     AX, BX
	ANDL    $0xffffff, BX

	// The row written (its fourth byte, 0, lands on the next row's first
	// or the page's padding) and counted: its positions, and 1 << 24 when
	// it is full (a page's positions, at most 483,840, stay below 1 << 24).
	MOVL    BX, (DI)
	POPCNTL BX, AX
	ADDQ    AX, R11
	LEAL    1(BX), DX
	ANDL    $0x1000000, DX
	ADDQ    DX, R11
	ADDQ    $const_rowOffsetsBytes, SI
	ADDQ    $const_rowBytes, DI
	CMPQ    DI, end+8(FP)
	JB      rowLoop

	MOVQ R11, AX
	SHRQ $24, AX
	MOVQ AX, full+112(FP)
	ANDL $0xffffff, R11
	MOVQ R11, positions+120(FP)
	RET
