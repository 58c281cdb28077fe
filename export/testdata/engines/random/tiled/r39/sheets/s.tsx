<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.9" tiledversion="1.9.0" name="s" tilewidth="49" tileheight="52" tilecount="2" columns="0">
 <grid orientation="orthogonal" width="1" height="1"/>
 <tile id="0" x="21" y="1" width="8" height="8">
  <properties>
   <property name="pivot" value="-8,10.5"/>
   <property name="rotated" type="bool" value="true"/>
   <property name="turn" type="int" value="90"/>
   <property name="sprite" value="r39/sheets/s/2"/>
  </properties>
  <image source="../../../../art/r39/sheets/s.png"/>
 </tile>
 <tile id="1" x="34" y="9" width="49" height="52">
  <properties>
   <property name="pivot" value="-7.9999999899411325,-199467847.91022253"/>
   <property name="sprite" value="r39/sheets/s/3"/>
  </properties>
  <image source="../../../../art/r39/sheets/s.png"/>
  <objectgroup draworder="index" id="1">
   <object id="1" name="circle" x="-7.9999999279003084" y="488406854.98260236" width="0.00000004546534268260218" height="0.00000004546534268260218">
    <ellipse/>
   </object>
  </objectgroup>
 </tile>
</tileset>
